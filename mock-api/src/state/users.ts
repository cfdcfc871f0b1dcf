import { atom, type Setter } from 'jotai';
import { editProfile, followUser, getUsers, unfollowUser } from '../client/users';
import type { ActionResult, ProfileEdit, User, UsersState } from '../types';
import { sessionBaseAtom, usersBaseAtom } from './base';
import { handleAuthedFailure, updateSessionUser } from './session';

export const usersStateAtom = atom<UsersState>((get) => get(usersBaseAtom));

/** Users actions: userStatus pending, then fulfilled or rejected; state changes only after a success. */
async function usersAction(set: Setter, work: () => Promise<void>): Promise<ActionResult> {
  set(usersBaseAtom, (state) => ({ ...state, userStatus: 'pending' }));
  try {
    await work();
    set(usersBaseAtom, (state) => ({ ...state, userStatus: 'fulfilled' }));
    return { ok: true };
  } catch (error) {
    const { message } = handleAuthedFailure(set, error);
    set(usersBaseAtom, (state) => ({ ...state, userStatus: 'rejected' }));
    return { ok: false, error: message };
  }
}

/** Puts fresh copies of the given users into the list, in place. */
function replaceUsers(set: Setter, ...updated: User[]): void {
  const byId = new Map(updated.map((user) => [user._id, user]));
  set(usersBaseAtom, (state) => ({ ...state, users: state.users.map((user) => byId.get(user._id) ?? user) }));
}

export const fetchUsersAtom = atom(null, (_get, set) =>
  usersAction(set, async () => {
    const { users } = await getUsers();
    set(usersBaseAtom, (state) => ({ ...state, users }));
  }),
);

export const toggleFollowAtom = atom(null, (get, set, target: { _id: string; username: string }) =>
  usersAction(set, async () => {
    const me = get(sessionBaseAtom).user;
    const following = me?.following.some((ref) => ref._id === target._id || ref.username === target.username) ?? false;
    const { user, followUser: other } = await (following ? unfollowUser(target._id) : followUser(target._id));
    updateSessionUser(set, user);
    replaceUsers(set, user, other);
    try {
      const { users } = await getUsers();
      set(usersBaseAtom, (state) => ({ ...state, users }));
    } catch {
      // The follow itself succeeded; the list already holds both changed users.
    }
  }),
);

export const editProfileAtom = atom(null, (_get, set, profile: ProfileEdit) =>
  usersAction(set, async () => {
    const { user } = await editProfile(profile);
    updateSessionUser(set, user);
    replaceUsers(set, user);
  }),
);
