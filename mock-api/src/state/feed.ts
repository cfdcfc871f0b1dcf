import { atom } from 'jotai';
import type { FeedMode, User } from '../types';
import { sessionBaseAtom } from './base';
import type { PostList } from './queries';
import { usersListAtom } from './user-queries';

export const feedModeAtom = atom<FeedMode>('latest');

/** The list the news feed shows: every post, in the chosen mode's order (spec 4). */
export const feedListAtom = atom<PostList>((get) => ({ kind: 'feed', sort: get(feedModeAtom) }));

/** "Who to follow": every user but the session user (spec 2). Reading it (mounted) loads the users list. */
export const otherUsersAtom = atom<User[]>((get) => {
  const me = get(sessionBaseAtom).user;
  return (get(usersListAtom).data ?? []).filter((user) => user._id !== me?._id);
});
