// Browser tests read this to prove the package is evaluated once per page (one shared module-federation singleton).
const evaluations = ((globalThis as { __murmurEvaluations?: Record<string, number> }).__murmurEvaluations ??= {});
evaluations['@murmur/mock-api'] = (evaluations['@murmur/mock-api'] ?? 0) + 1;

export type * from './types';

export { startMockServer, stopMockServer } from './server';
export { mockServerOptionsFromSearch, scaleCapNotice } from './server/options';
export { DEMO_ACCOUNT } from './server/seed';

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
  postsStateAtom,
  fetchPostsAtom,
  createPostAtom,
  deletePostAtom,
  editPostAtom,
  toggleLikeAtom,
  toggleBookmarkAtom,
  fetchBookmarksAtom,
  addCommentAtom,
} from './state/posts';
export { usersStateAtom, toggleFollowAtom, editProfileAtom } from './state/users';
export { feedModeAtom, feedListAtom, otherUsersAtom } from './state/feed';
export {
  queryClientAtom,
  postListAtom,
  userPostCountAtom,
  preloadPostList,
  preloadUserPostCount,
  postsOfPages,
  POSTS_PAGE_SIZE,
  type PostList,
} from './state/queries';
export { usersPagesAtom, knownUsersAtom, userAtom, preloadUser } from './state/user-queries';
export { sortLatest, sortTrending, isLikedBy, isFollowing, newestComments } from './state/helpers';
export { recordSharedInstance } from './diagnostics';
export { toHttpUrl } from './shared/rules';
