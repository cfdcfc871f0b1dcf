import { atom } from 'jotai';
import type { FeedMode, User } from '@murmur/mock-api-contract';
import { sessionBaseAtom } from './base';
import { usersOfPages } from '../queries/pages';
import type { PostList } from '../queries/postLists';
import { usersPagesAtom } from './queryAtoms';

export const feedModeAtom = atom<FeedMode>('latest');

/** The list the news feed shows: every post, in the chosen mode's order (mock-api/rules.md, "Feed order"). */
export const feedListAtom = atom<PostList>((get) => ({ kind: 'feed', sort: get(feedModeAtom) }));

/**
 * "Who to follow": the users but the session user (docs/screens.md, "News feed"), as far as the users list's pages are
 * loaded (`usersPagesAtom` loads more). Reading it (mounted) loads the first page.
 */
export const otherUsersAtom = atom<User[]>((get) => {
  const me = get(sessionBaseAtom).user;
  return usersOfPages(get(usersPagesAtom).data?.pages ?? []).filter((user) => user._id !== me?._id);
});
