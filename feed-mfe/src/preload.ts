import type { Atom } from 'jotai';
import { matchRoute, type RouteName } from '@murmur/config/routes';
import { preloadPostList, sessionAtom, type PostList } from '@murmur/data';
import type { RoutePreload } from '@murmur/remote-kit';
import { pageLists } from './posts/pageLists';

const listOfRoute: Partial<Record<RouteName, Atom<PostList>>> = pageLists;

/**
 * Exposed as `./preload`: the first page of the posts the page at `pathname` shows, asked while its code loads. Only
 * with a session (every feed page needs one).
 */
export const preload: RoutePreload = ({ store, pathname }) => {
  const route = matchRoute(pathname);
  const list = route ? listOfRoute[route.name] : undefined;
  if (!list || !store.get(sessionAtom).token) return;
  return preloadPostList(store, store.get(list));
};
