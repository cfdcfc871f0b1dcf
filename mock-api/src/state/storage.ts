/**
 * The persisted session (spec 3: keys token and user). Storage can be unavailable (private mode, quota), so every
 * access is guarded: the session then simply lives in memory.
 */
import { decodeTokenPayload } from '../shared/token';
import type { User } from '../types';

export const TOKEN_KEY = 'token';
export const USER_KEY = 'user';

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** Runs a write; false when storage refused it (a full quota), true when it was done or there is no storage. */
function attempt(action: (store: Storage) => void): boolean {
  const store = storage();
  if (!store) return true;
  try {
    action(store);
    return true;
  } catch {
    // A full or blocked storage must not break the action that wanted to persist; the caller decides what to say.
    return false;
  }
}

/**
 * Stores token and user as one pair: when storage refuses either, both keys are removed, so a reload never finds a
 * token without its user (or the previous person's user beside a new token). False tells the caller to say so.
 */
export function persistSession(token: string, user: User): boolean {
  const saved = attempt((store) => {
    store.setItem(TOKEN_KEY, token);
    store.setItem(USER_KEY, JSON.stringify(user));
  });
  if (!saved) clearStoredSession();
  return saved;
}

/** A refused write keeps the stored user of before: still a whole pair, refreshed from the back end on reload. */
export function persistUser(user: User): void {
  attempt((store) => store.setItem(USER_KEY, JSON.stringify(user)));
}

export function clearStoredSession(): void {
  attempt((store) => {
    store.removeItem(TOKEN_KEY);
    store.removeItem(USER_KEY);
  });
}

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

export function isUser(value: unknown): value is User {
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

/**
 * A stored pair that belongs together, or null. Anything else (one key missing, unparsable JSON, a user of the
 * wrong shape, a token that is not for that user) counts as corrupted.
 */
export function readStoredSession(): { token: string; user: User } | null {
  const store = storage();
  if (!store) return null;
  let token: string | null;
  let rawUser: string | null;
  try {
    token = store.getItem(TOKEN_KEY);
    rawUser = store.getItem(USER_KEY);
  } catch {
    return null;
  }
  if (!token || !rawUser) return null;
  let user: unknown;
  try {
    user = JSON.parse(rawUser);
  } catch {
    return null;
  }
  if (!isUser(user)) return null;
  const payload = decodeTokenPayload(token);
  if (!payload || payload._id !== user._id) return null;
  return { token, user };
}

export function hasStoredSessionKeys(): boolean {
  const store = storage();
  if (!store) return false;
  try {
    return store.getItem(TOKEN_KEY) !== null || store.getItem(USER_KEY) !== null;
  } catch {
    return false;
  }
}
