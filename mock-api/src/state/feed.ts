import { atom } from 'jotai';
import type { FeedMode, Post, User } from '../types';
import { postsBaseAtom, sessionBaseAtom, usersBaseAtom } from './base';
import { sortLatest, sortTrending } from './helpers';

export const feedModeAtom = atom<FeedMode>('latest');

export const latestPostsAtom = atom<Post[]>((get) => sortLatest(get(postsBaseAtom).posts));

export const trendingPostsAtom = atom<Post[]>((get) => sortTrending(get(postsBaseAtom).posts));

export const feedPostsAtom = atom<Post[]>((get) =>
  get(feedModeAtom) === 'trending' ? get(trendingPostsAtom) : get(latestPostsAtom),
);

/** In bookmark order; a bookmark whose post is not loaded is skipped. */
export const bookmarkedPostsAtom = atom<Post[]>((get) => {
  const { posts, bookmarks } = get(postsBaseAtom);
  const byId = new Map(posts.map((post) => [post._id, post]));
  return bookmarks.flatMap((id) => {
    const post = byId.get(id);
    return post ? [post] : [];
  });
});

export const otherUsersAtom = atom<User[]>((get) => {
  const me = get(sessionBaseAtom).user;
  return get(usersBaseAtom).users.filter((user) => user._id !== me?._id);
});
