import { matchRoute } from '@murmur/config/routes';
import { preloadPostList, preloadUser, preloadUserPostCount, sessionAtom } from '@murmur/data';
import type { RoutePreload } from '@murmur/remote-kit';

/**
 * Exposed as `./preload`: what the profile at `pathname` shows from the query cache (the person, their first page of
 * posts, which feed-mfe's UserPostList draws, and their count), asked while the profile's code loads.
 */
export const preload: RoutePreload = async ({ store, pathname }) => {
  const route = matchRoute(pathname);
  const username = route?.name === 'profile' ? route.params.profileID : undefined;
  if (!username || !store.get(sessionAtom).token) return;
  await Promise.all([
    preloadUser(store, username),
    preloadPostList(store, { kind: 'user', username }),
    preloadUserPostCount(store, username),
  ]);
};
