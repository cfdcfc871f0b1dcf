// Browser tests read this to prove the package is evaluated once per page (one shared module-federation singleton).
const evaluations = ((globalThis as { __murmurEvaluations?: Record<string, number> }).__murmurEvaluations ??= {});
evaluations['@murmur/data'] = (evaluations['@murmur/data'] ?? 0) + 1;

export type * from '@murmur/mock-api-contract';
export type * from './state-types';

export * from './client';

export {
  sessionAtom,
  restoreSession,
  loginAtom,
  logoutAtom,
  dismissSessionErrorAtom,
  sessionNumberAtom,
} from './state/session';
export {
  fetchPostsAtom,
  createPostAtom,
  deletePostAtom,
  editPostAtom,
  toggleLikeAtom,
  toggleBookmarkAtom,
  fetchBookmarksAtom,
  addCommentAtom,
} from './state/posts';
export { bookmarkIdsAtom } from './state/bookmarks';
export { toggleFollowAtom, editProfileAtom } from './state/users';
export { postsStateAtom, usersStateAtom } from './state/stateFields';
export { feedModeAtom, feedListAtom, otherUsersAtom } from './state/feed';
export {
  newPostsWaitingAtom,
  showNewPostsAtom,
  startNewPostsPoller,
  NEW_POSTS_POLL_MS,
  MIN_NEW_POSTS_POLL_MS,
} from './state/newPosts';
export { createPageStore, queryClientAtom } from './cache/queryClient';
export { POSTS_PAGE_SIZE, type PostList } from './queries/postLists';
export { postsOfPages } from './queries/pages';
export { postListAtom, userPostCountAtom, userAtom, usersPagesAtom } from './state/queryAtoms';
export { preloadPostList, preloadUserPostCount, preloadUser } from './state/preloads';
export { knownUsersAtom } from './state/cacheViews';
export { sortLatest, sortTrending, isLikedBy, isFollowing, newestComments } from './state/helpers';
export { recordSharedInstance } from './diagnostics';
export { toHttpUrl } from '@murmur/mock-api-contract';
