import { atom, type Atom } from 'jotai';
import { feedListAtom, sessionAtom, type PostList } from '@murmur/data';
import type { RouteNameOf } from '@murmur/config/routes';

const everyPostLatest: PostList = { kind: 'feed', sort: 'latest' };

/**
 * The list of posts each of feed-mfe's pages shows, written once: the page reads it, and the route's preload asks for
 * its first page while the page's code loads, so the two meet in one cache entry.
 */
export const pageLists: Record<RouteNameOf<'feed-mfe'>, Atom<PostList>> = {
  newsFeed: feedListAtom,
  explore: atom(() => everyPostLatest),
  bookmark: atom((get) => ({ kind: 'bookmarks', viewer: get(sessionAtom).user?.username ?? '' })),
};
