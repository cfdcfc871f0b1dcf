import { atom, type Getter, type Setter } from 'jotai';
import { toApiError } from '../client/http';
import { editProfile, followUser, getUsers, unfollowUser } from '../client/users';
import { ERRORS } from '../shared/errors';
import type { ActionResult, ProfileEdit, User, UserRef, UsersState } from '../types';
import { pressToggle } from './toggles';
import { sessionBaseAtom, usersBaseAtom } from './base';
import { type Accept, answersFor, failureOf, SessionEnded, sessionChecked, updateSessionUser } from './session';

export const usersStateAtom = atom<UsersState>((get) => get(usersBaseAtom));

/**
 * Users actions: userStatus pending, then fulfilled or rejected; state changes only after a success. An answer for
 * a session that has ended meanwhile changes nothing.
 */
async function usersAction(get: Getter, set: Setter, work: (accept: Accept) => Promise<void>): Promise<ActionResult> {
  const accept = answersFor(get);
  set(usersBaseAtom, (state) => ({ ...state, userStatus: 'pending' }));
  try {
    await work(accept);
    set(usersBaseAtom, (state) => ({ ...state, userStatus: 'fulfilled' }));
    return { ok: true };
  } catch (error) {
    return { ok: false, error: rejected(set, error) };
  }
}

/** A failed users action: userStatus rejected, unless its session ended meanwhile. */
function rejected(set: Setter, error: unknown): string {
  const { message, ended } = failureOf(set, error);
  if (!ended) set(usersBaseAtom, (state) => ({ ...state, userStatus: 'rejected' }));
  return message;
}

/** Puts fresh copies of the given users into the list, in place. */
function replaceUsers(set: Setter, ...updated: User[]): void {
  const byId = new Map(updated.map((user) => [user._id, user]));
  set(usersBaseAtom, (state) => ({ ...state, users: state.users.map((user) => byId.get(user._id) ?? user) }));
}

/** Reloads the list after a write; the write already succeeded, so a failure keeps the list we have. */
async function refetchUsers(set: Setter, accept: Accept): Promise<void> {
  try {
    const { users } = await accept(getUsers());
    set(usersBaseAtom, (state) => ({ ...state, users }));
  } catch (error) {
    if (error instanceof SessionEnded) throw error;
  }
}

export const fetchUsersAtom = atom(null, (get, set) =>
  usersAction(get, set, async (accept) => {
    const { users } = await accept(getUsers());
    set(usersBaseAtom, (state) => ({ ...state, users }));
  }),
);

/** The back end already holds what the press asked for: our copy of the session user was out of date. */
const alreadyDone = (error: unknown): boolean => {
  const { message } = toApiError(error);
  return message === ERRORS.ALREADY_FOLLOWING || message === ERRORS.NOT_FOLLOWING;
};

/** Shows (or takes back) the session user's follow of `target` at once, before the back end answers. */
function showFollowing(set: Setter, target: UserRef, following: boolean): void {
  set(sessionBaseAtom, (session) => {
    const me = session.user;
    if (!me) return session;
    const others = me.following.filter((ref) => ref._id !== target._id && ref.username !== target.username);
    return { ...session, user: { ...me, following: following ? [...others, target] : others } };
  });
}

/** Follow / unfollow at once on screen; the last of rapid presses wins (see toggles.ts). */
export const toggleFollowAtom = atom(null, async (get, set, target: UserRef): Promise<ActionResult> => {
  const accept = answersFor(get);
  const { token } = get(sessionBaseAtom);
  await sessionChecked(get);
  const me = get(sessionBaseAtom).user;
  return pressToggle(get, `follow:${target._id}`, {
    current: me?.following.some((ref) => ref._id === target._id || ref.username === target.username) ?? false,
    show: (following) => showFollowing(set, target, following),
    send: async (following, superseded) => {
      set(usersBaseAtom, (state) => ({ ...state, userStatus: 'pending' }));
      try {
        const { user, followUser: other } = await accept(
          following ? followUser(target._id, token) : unfollowUser(target._id, token),
        );
        replaceUsers(set, user, other);
        if (!superseded()) updateSessionUser(set, user);
      } catch (error) {
        if (!alreadyDone(error)) throw error;
      }
    },
    fail: (error) => rejected(set, error),
    settle: () => {
      set(usersBaseAtom, (state) => ({ ...state, userStatus: 'fulfilled' }));
      // Spec 4: after a change all users are refetched; the write already succeeded, so a failed refetch keeps ours.
      void refetchUsers(set, accept).catch(() => undefined);
    },
  });
});

export const editProfileAtom = atom(null, (get, set, profile: ProfileEdit) =>
  usersAction(get, set, async (accept) => {
    const { user } = await accept(editProfile(profile, get(sessionBaseAtom).token));
    updateSessionUser(set, user);
    replaceUsers(set, user);
  }),
);
