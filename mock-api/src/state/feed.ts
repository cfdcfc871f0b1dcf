import { atom } from 'jotai';
import type { FeedMode, User } from '../types';
import { sessionBaseAtom, usersBaseAtom } from './base';
import type { PostList } from './queries';

export const feedModeAtom = atom<FeedMode>('latest');

/** The list the news feed shows: every post, in the chosen mode's order (spec 4). */
export const feedListAtom = atom<PostList>((get) => ({ kind: 'feed', sort: get(feedModeAtom) }));

export const otherUsersAtom = atom<User[]>((get) => {
  const me = get(sessionBaseAtom).user;
  return get(usersBaseAtom).users.filter((user) => user._id !== me?._id);
});
