/**
 * The persisted session (keys token and user: docs/data-layer.md, "The stored session"), as Jotai atoms over the
 * browser's storage (`atomWithStorage`). Every value read is validated: a stored value of the wrong shape reads as no
 * value, and a token that is not for the stored user reads as no session. Storage can be unavailable (private mode,
 * quota): the session then simply lives in memory.
 */
import { atom, type createStore, type Getter, type Setter } from 'jotai';
import { atomWithStorage, createJSONStorage, RESET } from 'jotai/utils';
import { decodeTokenPayload } from '@murmur/mock-api-contract';
import type { User } from '@murmur/mock-api-contract';

const TOKEN_KEY = 'token';
const USER_KEY = 'user';

function browserStorage(): Storage | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined;
  }
}

/**
 * The browser's storage, read without ever throwing (a blocked storage reads as empty). A write still throws when
 * storage refuses it (a full quota), so the session writer can tell and leave no half session behind.
 */
const strings = {
  getItem(key: string): string | null {
    try {
      return browserStorage()?.getItem(key) ?? null;
    } catch {
      return null;
    }
  },
  setItem(key: string, value: string): void {
    browserStorage()?.setItem(key, value);
  },
  removeItem(key: string): void {
    try {
      browserStorage()?.removeItem(key);
    } catch {
      // Nothing can be removed from a storage the browser blocks: there is nothing there to remove either.
    }
  },
};

/** Three base64url parts, the middle one a payload naming a user: what the back end signs. */
const TOKEN_SHAPE = /^[\w-]+\.[\w-]+\.[\w-]+$/;

const isToken = (value: unknown): value is string =>
  typeof value === 'string' && TOKEN_SHAPE.test(value) && decodeTokenPayload(value) !== null;

const STRING_FIELDS = [
  '_id',
  'username',
  'firstName',
  'lastName',
  'profilePic',
  'profileBanner',
  'bio',
  'link',
  'createdAt',
  'updatedAt',
] as const;

const isRef = (value: unknown): boolean =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { _id?: unknown })._id === 'string' &&
  typeof (value as { username?: unknown }).username === 'string';

/** The User of types.ts, and never one carrying a password: Murmur's own shape, checked by hand. */
function isUser(value: unknown): value is User {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const record = value as Record<string, unknown>;
  if (!STRING_FIELDS.every((field) => typeof record[field] === 'string')) return false;
  if ('password' in record) return false;
  const { followers, following, bookmarks } = record;
  return (
    Array.isArray(followers) &&
    followers.every(isRef) &&
    Array.isArray(following) &&
    following.every(isRef) &&
    Array.isArray(bookmarks) &&
    bookmarks.every((id) => typeof id === 'string')
  );
}

/** A storage adapter of atomWithStorage for one value. */
interface ValueStorage<V> {
  getItem: (key: string, initialValue: V) => V;
  setItem: (key: string, value: V) => void;
  removeItem: (key: string) => void;
}

/**
 * `storage` whose read answers the initial value (no value) for anything `isValid` refuses. Without subscribe: the
 * store reads storage when it restores the session, and follows other tabs through the shell's SessionSync only.
 */
const validated = <V>(
  storage: ValueStorage<V | null>,
  isValid: (value: unknown) => value is V,
): ValueStorage<V | null> => ({
  getItem: (key, initialValue) => {
    const value = storage.getItem(key, initialValue);
    return isValid(value) ? value : initialValue;
  },
  setItem: storage.setItem,
  removeItem: storage.removeItem,
});

/**
 * The token is stored as its bare text, as before (not as JSON), so sessions stored by earlier builds still restore.
 */
const tokenStorage = validated<string>(
  {
    getItem: (key, initialValue) => strings.getItem(key) ?? initialValue,
    setItem: (key, token) => (token === null ? strings.removeItem(key) : strings.setItem(key, token)),
    removeItem: strings.removeItem,
  },
  isToken,
);

// createJSONStorage answers the initial value (null) for text that is not JSON; the validator, for JSON not a user.
const userStorage = validated(
  createJSONStorage<User | null>(() => strings),
  isUser,
);

const storedTokenAtom = atomWithStorage<string | null>(TOKEN_KEY, null, tokenStorage);
const storedUserAtom = atomWithStorage<User | null>(USER_KEY, null, userStorage);

export interface StoredSession {
  token: string;
  user: User;
}

/**
 * The stored pair: read, it is a token and a user that belong together, or null (one key missing, unparsable JSON,
 * a user of the wrong shape, a token that is not for that user: corrupted). Written, both keys are stored or
 * neither: when storage refuses either, both are removed, so a reload never finds a token without its user (or the
 * previous person's user beside a new token). The write answers false then, for the caller to say so. RESET
 * removes both.
 */
const storedSessionAtom = atom(
  (get): StoredSession | null => {
    const token = get(storedTokenAtom);
    const user = get(storedUserAtom);
    if (!token || !user) return null;
    return decodeTokenPayload(token)?._id === user._id ? { token, user } : null;
  },
  (_get, set, next: StoredSession | typeof RESET): boolean => {
    const clear = () => {
      set(storedTokenAtom, RESET);
      set(storedUserAtom, RESET);
    };
    if (next === RESET) {
      clear();
      return true;
    }
    try {
      set(storedTokenAtom, next.token);
      set(storedUserAtom, next.user);
      return true;
    } catch {
      clear();
      return false;
    }
  },
);

/** The stored pair as the store last read it from storage (see readStorageInto). */
export const readStoredSession = (get: Getter): StoredSession | null => get(storedSessionAtom);

export const persistSession = (set: Setter, session: StoredSession): boolean => set(storedSessionAtom, session);

/** A refused write keeps the stored user of before: still a whole pair, refreshed from the back end on reload. */
export function persistUser(set: Setter, user: User): void {
  try {
    set(storedUserAtom, user);
  } catch {
    // A full storage must not break the action that wanted to persist: the session lives on in memory.
  }
}

export const clearStoredSession = (set: Setter): void => void set(storedSessionAtom, RESET);

/**
 * Runs `read` with the store's copy of the stored pair fresh from storage. `atomWithStorage` reads storage when its
 * atom is mounted (a value set before, or the initial null, until then), so the pair is mounted around the read.
 */
export function readStorageInto<T>(store: ReturnType<typeof createStore>, read: () => T): T {
  const unmount = store.sub(storedSessionAtom, () => {});
  try {
    return read();
  } finally {
    unmount();
  }
}
