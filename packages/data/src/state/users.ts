import { atom, type Setter } from 'jotai';
import type { QueryClient } from '@tanstack/query-core';
import { toApiError } from '../client/http';
import { editProfile, followUser, unfollowUser } from '../client/users';
import { ERRORS } from '@murmur/mock-api-contract';
import type { ProfileEdit, UserRef } from '@murmur/mock-api-contract';
import type { ActionResult } from '../state-types';
import { sessionBaseAtom, usersWriteStatusAtom } from './base';
import { queryClientAtom } from '../cache/queryClient';
import { answersFor, failureOf, sessionChecked, updateSessionUser } from './session';
import { pressToggle } from './toggles';
import { cancelUserRefetches, invalidateUsers, patchCachedUser, setCachedUser } from '../edits/users';

/** A failed users write: userStatus rejected, unless its session ended meanwhile. */
function rejected(set: Setter, error: unknown): string {
  const { message, ended } = failureOf(set, error);
  if (!ended) set(usersWriteStatusAtom, 'rejected');
  return message;
}

/** The back end already holds what the press asked for: our copy of the session user was out of date. */
const alreadyDone = (error: unknown): boolean => {
  const { message } = toApiError(error);
  return message === ERRORS.ALREADY_FOLLOWING || message === ERRORS.NOT_FOLLOWING;
};

const isRef = (ref: UserRef, user: UserRef): boolean => ref._id === user._id || ref.username === user.username;

/** `refs` with `user` in it (last) or out of it. */
const withRef = (refs: UserRef[], user: UserRef, present: boolean): UserRef[] => {
  const others = refs.filter((ref) => !isRef(ref, user));
  return present ? [...others, user] : others;
};

/**
 * Shows (or takes back) the session user's follow of `target` at once, before the back end answers: in the session
 * user's following and in the cached copies of both users (the profile's Followers count, the list).
 */
function showFollowing(set: Setter, client: QueryClient, me: UserRef, target: UserRef, following: boolean): void {
  set(sessionBaseAtom, (session) =>
    session.user
      ? { ...session, user: { ...session.user, following: withRef(session.user.following, target, following) } }
      : session,
  );
  patchCachedUser(client, me.username, (user) => ({ ...user, following: withRef(user.following, target, following) }));
  patchCachedUser(client, target.username, (user) => ({ ...user, followers: withRef(user.followers, me, following) }));
}

/** Follow / unfollow at once on screen; the last of rapid presses wins, a refusal puts back the last agreed state. */
export const toggleFollowAtom = atom(null, async (get, set, target: UserRef): Promise<ActionResult> => {
  const accept = answersFor(get);
  const { token } = get(sessionBaseAtom);
  await sessionChecked(get);
  const me = get(sessionBaseAtom).user;
  const viewer = me && { _id: me._id, username: me.username };
  const client = get(queryClientAtom);
  void cancelUserRefetches(client);
  return pressToggle(get, `follow:${target._id}`, {
    current: me?.following.some((ref) => isRef(ref, target)) ?? false,
    // Without a session (it ended meanwhile) nothing is shown; the request's refusal says why.
    show: (following) => viewer && showFollowing(set, client, viewer, target, following),
    send: async (following, superseded) => {
      set(usersWriteStatusAtom, 'pending');
      try {
        const { user, followUser: other } = await accept(
          following ? followUser(target._id, token) : unfollowUser(target._id, token),
        );
        // A later press keeps its own state on screen until its request answers.
        if (superseded()) return;
        updateSessionUser(set, user);
        setCachedUser(client, user);
        setCachedUser(client, other);
      } catch (error) {
        if (!alreadyDone(error)) throw error;
      }
    },
    fail: (error) => rejected(set, error),
    settle: () => {
      set(usersWriteStatusAtom, 'fulfilled');
      void invalidateUsers(client);
    },
  });
});

/** The profile edit: the session user and every cached copy change only after the back end agreed. */
export const editProfileAtom = atom(null, async (get, set, profile: ProfileEdit): Promise<ActionResult> => {
  const accept = answersFor(get);
  set(usersWriteStatusAtom, 'pending');
  try {
    const { user } = await accept(editProfile(profile, get(sessionBaseAtom).token));
    updateSessionUser(set, user);
    setCachedUser(get(queryClientAtom), user);
    set(usersWriteStatusAtom, 'fulfilled');
    return { ok: true };
  } catch (error) {
    return { ok: false, error: rejected(set, error) };
  }
});
