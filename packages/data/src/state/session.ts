import { atom, type createStore, type Getter, type Setter } from 'jotai';
import { type ApiError, toApiError } from '../client/http';
import { login } from '../client/auth';
import { getUser } from '../client/users';
import { ERRORS } from '@murmur/mock-api-contract';
import type { Credentials, User } from '@murmur/mock-api-contract';
import type { ActionResult, Session } from '../state-types';
import { EMPTY_SESSION, postsBaseAtom, sessionBaseAtom, sessionEpochAtom, sessionRefreshAtom } from './base';
import { clearStoredSession, persistSession, persistUser, readStorageInto, readStoredSession } from './storage';

export const sessionAtom = atom<Session>((get) => get(sessionBaseAtom));

/** Which session of the page this is (each login, restore and logout starts a new one): per-session notes key on it. */
export const sessionNumberAtom = atom<number>((get) => get(sessionEpochAtom));

/** What an action answers when its session ended (logout, another login) before the back end replied. */
export const SESSION_ENDED = 'You signed out before this finished.';

/** Told to the person whose browser could not store the session: they stay signed in until they reload. */
export const SESSION_NOT_SAVED =
  "Signed in, but this browser's storage is full, so Murmur could not remember you: " +
  'you will need to sign in again after a reload.';

/** Thrown by `answersFor` for an answer that belongs to a session that has ended. */
class SessionEnded extends Error {
  constructor() {
    super(SESSION_ENDED);
    this.name = 'SessionEnded';
  }
}

export type Accept = <T>(answer: Promise<T>) => Promise<T>;

/**
 * Taken when an action starts: wraps each call of that action so that its answer (or refusal) is dropped with
 * SessionEnded once the session that asked has ended. Nothing it would have written then reaches state or storage.
 */
export function answersFor(get: Getter): Accept {
  const epoch = get(sessionEpochAtom);
  const ended = () => get(sessionEpochAtom) !== epoch;
  return async (answer) => {
    try {
      const value = await answer;
      if (ended()) throw new SessionEnded();
      return value;
    } catch (error) {
      if (ended()) throw new SessionEnded();
      throw error;
    }
  };
}

/** Resolves once the restored session user has been checked against the back end (at once if there is no check). */
export const sessionChecked = (get: Getter): Promise<void> => get(sessionRefreshAtom) ?? Promise.resolve();

function startSession(set: Setter, token: string, user: User, error: string | null = null): void {
  set(sessionEpochAtom, (epoch) => epoch + 1);
  set(sessionRefreshAtom, null);
  set(sessionBaseAtom, { token, user, status: 'fulfilled', error });
  set(postsBaseAtom, (state) => ({ ...state, bookmarks: [...user.bookmarks] }));
}

function clearSession(set: Setter): void {
  clearStoredSession(set);
  set(sessionEpochAtom, (epoch) => epoch + 1);
  set(sessionRefreshAtom, null);
  set(sessionBaseAtom, EMPTY_SESSION);
  set(postsBaseAtom, (state) => ({ ...state, bookmarks: [] }));
}

/** Replaces the session user (after follow or profile edit) in state and in storage, if it is still that person's. */
export function updateSessionUser(set: Setter, user: User): void {
  let current = false;
  set(sessionBaseAtom, (session) => {
    current = session.user?._id === user._id;
    return current ? { ...session, user } : session;
  });
  if (current) persistUser(set, user);
}

/** The back end's copy of the session user becomes the truth: user, stored user and bookmarks. */
function adoptSessionUser(set: Setter, user: User): void {
  updateSessionUser(set, user);
  set(postsBaseAtom, (state) => ({ ...state, bookmarks: [...user.bookmarks] }));
}

/**
 * A refusal meaning the stored session is no longer usable: a bad token, or a token whose user is gone (a signed-up
 * account after a reload: mock-api/rules.md, "Session expiry"). The session is cleared so the shell sends the person
 * to /auth.
 */
const endsSession = (error: ApiError): boolean =>
  (error.status === 401 && error.message === ERRORS.TOKEN_INVALID) ||
  (error.status === 404 && error.message === ERRORS.USER_NOT_REGISTERED);

/** Turns a failed authenticated call into an ApiError, clearing the session first when the refusal says so. */
function handleAuthedFailure(set: Setter, error: unknown): ApiError {
  const apiError = toApiError(error);
  if (endsSession(apiError)) clearSession(set);
  return apiError;
}

/**
 * Why an action failed, for its state and its caller: SESSION_ENDED (`ended`) when its session ended meanwhile, so
 * nothing is shown as refused; otherwise the refusal, after clearing the session when the refusal ends it.
 */
export function failureOf(set: Setter, error: unknown): { message: string; ended: boolean } {
  if (error instanceof SessionEnded) return { message: SESSION_ENDED, ended: true };
  return { message: handleAuthedFailure(set, error).message, ended: false };
}

/** Fetches the session user from the back end and adopts it (SessionEnded if the session ended meanwhile). */
async function refetchSessionUser(get: Getter, set: Setter, accept = answersFor(get)): Promise<void> {
  const me = get(sessionBaseAtom).user;
  if (!me) return;
  const { user } = await accept(getUser(me.username));
  if (user._id === me._id) adoptSessionUser(set, user);
  else clearSession(set);
}

/**
 * The stored user is a copy of before the reload, and the back end starts afresh on every page load
 * (mock-api/rules.md, "Session expiry"):
 * its follows, bookmarks and profile may no longer hold. The back end's copy replaces it; a user the back end does
 * not know (an account signed up before the reload) ends the session. A network failure keeps the stored copy.
 */
const refreshSessionUserAtom = atom(null, (get, set): Promise<void> => {
  const check = refetchSessionUser(get, set).catch((error: unknown) => {
    if (error instanceof SessionEnded) return;
    const apiError = toApiError(error);
    if (apiError.status === 404 || endsSession(apiError)) clearSession(set);
  });
  set(sessionRefreshAtom, check);
  return check;
});

const restoreSessionAtom = atom(null, (get, set): boolean => {
  const stored = readStoredSession(get);
  if (!stored) {
    // Half-present or corrupted: remove it, so the next load does not try again.
    clearSession(set);
    return false;
  }
  startSession(set, stored.token, stored.user);
  void set(refreshSessionUserAtom);
  return true;
});

/**
 * What a page does once at boot: the session stored by an earlier visit becomes the session of `store`, checked
 * against the back end before anything trusts its user. False when nothing usable was stored (anything corrupted
 * is removed, so the person signs in again).
 */
export const restoreSession = (store: ReturnType<typeof createStore>): boolean =>
  readStorageInto(store, () => store.set(restoreSessionAtom));

export const loginAtom = atom(null, async (get, set, credentials: Credentials): Promise<ActionResult> => {
  set(sessionBaseAtom, (session) => ({ ...session, status: 'pending', error: null }));
  const accept = answersFor(get);
  try {
    const { encodedToken, foundUser } = await accept(login(credentials));
    const saved = persistSession(set, { token: encodedToken, user: foundUser });
    startSession(set, encodedToken, foundUser, saved ? null : SESSION_NOT_SAVED);
    return { ok: true };
  } catch (error) {
    const { message } = toApiError(error);
    if (error instanceof SessionEnded) return { ok: false, error: message };
    // A failed attempt changes only the status: whatever session existed stays as it was.
    set(sessionBaseAtom, (session) => ({ ...session, status: 'rejected', error: message }));
    return { ok: false, error: message };
  }
});

/** The person has read the session's message (the storage notice): it goes. */
export const dismissSessionErrorAtom = atom(null, (_get, set): void => {
  set(sessionBaseAtom, (session) => ({ ...session, error: null }));
});

export const logoutAtom = atom(null, (_get, set): void => {
  clearSession(set);
});
