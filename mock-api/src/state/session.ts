import { atom, type Setter } from 'jotai';
import { type ApiError, setAuthToken, toApiError } from '../client/http';
import { login } from '../client/auth';
import { ERRORS } from '../server/errors';
import type { ActionResult, Credentials, Session, User } from '../types';
import { EMPTY_SESSION, postsBaseAtom, sessionBaseAtom } from './base';
import { clearStoredSession, persistSession, persistUser, readStoredSession } from './storage';

export const sessionAtom = atom<Session>((get) => get(sessionBaseAtom));

function startSession(set: Setter, token: string, user: User): void {
  setAuthToken(token);
  set(sessionBaseAtom, { token, user, status: 'fulfilled', error: null });
  set(postsBaseAtom, (state) => ({ ...state, bookmarks: [...user.bookmarks] }));
}

export function clearSession(set: Setter): void {
  setAuthToken(null);
  clearStoredSession();
  set(sessionBaseAtom, EMPTY_SESSION);
  set(postsBaseAtom, (state) => ({ ...state, bookmarks: [] }));
}

/** Replaces the session user (after follow or profile edit) in state and in storage. */
export function updateSessionUser(set: Setter, user: User): void {
  set(sessionBaseAtom, (session) => (session.user ? { ...session, user } : session));
  persistUser(user);
}

/**
 * A refusal meaning the stored session is no longer usable: a bad token, or a token whose user is gone (a signed-up
 * account after a reload, spec 2.2). The session is cleared so the shell sends the person to /auth.
 */
export const endsSession = (error: ApiError): boolean =>
  (error.status === 401 && error.message === ERRORS.TOKEN_INVALID) ||
  (error.status === 404 && error.message === ERRORS.USER_NOT_REGISTERED);

/** Turns a failed authenticated call into an ApiError, clearing the session first when the refusal says so. */
export function handleAuthedFailure(set: Setter, error: unknown): ApiError {
  const apiError = toApiError(error);
  if (endsSession(apiError)) clearSession(set);
  return apiError;
}

export const restoreSessionAtom = atom(null, (_get, set): boolean => {
  const stored = readStoredSession();
  if (!stored) {
    // Half-present or corrupted: remove it, so the next load does not try again.
    clearSession(set);
    return false;
  }
  startSession(set, stored.token, stored.user);
  return true;
});

export const loginAtom = atom(null, async (_get, set, credentials: Credentials): Promise<ActionResult> => {
  set(sessionBaseAtom, (session) => ({ ...session, status: 'pending', error: null }));
  try {
    const { encodedToken, foundUser } = await login(credentials);
    persistSession(encodedToken, foundUser);
    startSession(set, encodedToken, foundUser);
    return { ok: true };
  } catch (error) {
    const { message } = toApiError(error);
    // A failed attempt changes only the status: whatever session existed stays as it was.
    set(sessionBaseAtom, (session) => ({ ...session, status: 'rejected', error: message }));
    return { ok: false, error: message };
  }
});

export const logoutAtom = atom(null, (_get, set): void => {
  clearSession(set);
});
