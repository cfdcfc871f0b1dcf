import { describe, expect, it } from 'vitest';
import * as api from './index';

describe('the public API', () => {
  it('exports exactly the agreed names', () => {
    expect(Object.keys(api).sort()).toEqual(
      [
        'startMockServer',
        'stopMockServer',
        'mockServerOptionsFromSearch',
        'scaleCapNotice',
        'DEMO_ACCOUNT',
        'apiClient',
        'ApiError',
        'login',
        'signup',
        'editProfile',
        'getPosts',
        'getPost',
        'getUserPosts',
        'createPost',
        'deletePost',
        'editPost',
        'likePost',
        'dislikePost',
        'getComments',
        'addComment',
        'editComment',
        'deleteComment',
        'upvoteComment',
        'downvoteComment',
        'getUsers',
        'getUser',
        'getBookmarks',
        'addBookmark',
        'removeBookmark',
        'followUser',
        'unfollowUser',
        // Paged reads and minimal writes (docs/data-layer.md, "Paging", "Minimal writes").
        'getPostsPage',
        'getUserPostsPage',
        'getBookmarksPage',
        'getUsersPage',
        'createPostMinimal',
        'deletePostMinimal',
        'editPostMinimal',
        'likePostMinimal',
        'dislikePostMinimal',
        'addCommentMinimal',
        'editCommentMinimal',
        'deleteCommentMinimal',
        'upvoteCommentMinimal',
        'downvoteCommentMinimal',
        'addBookmarkMinimal',
        'removeBookmarkMinimal',
        'sessionAtom',
        'restoreSession',
        'loginAtom',
        'logoutAtom',
        'dismissSessionErrorAtom',
        'sessionNumberAtom',
        'postsStateAtom',
        'fetchPostsAtom',
        'createPostAtom',
        'deletePostAtom',
        'editPostAtom',
        'toggleLikeAtom',
        'toggleBookmarkAtom',
        'fetchBookmarksAtom',
        'addCommentAtom',
        'usersStateAtom',
        'toggleFollowAtom',
        'editProfileAtom',
        'feedModeAtom',
        'feedListAtom',
        'otherUsersAtom',
        // The query cache of the data layer (src/state/queries.ts).
        'queryClientAtom',
        'postListAtom',
        'userPostCountAtom',
        'preloadPostList',
        'preloadUserPostCount',
        'postsOfPages',
        'POSTS_PAGE_SIZE',
        // The users' queries (src/state/user-queries.ts); a route's preload asks for the profile's user.
        'usersPagesAtom',
        'knownUsersAtom',
        'userAtom',
        'preloadUser',
        'sortLatest',
        'sortTrending',
        'isLikedBy',
        'isFollowing',
        'newestComments',
        // For the browser tests' one-instance checks (src/diagnostics.ts).
        'recordSharedInstance',
        // The shared http(s) link rule (src/shared/rules.ts): a page links a stored profile link only if it passes.
        'toHttpUrl',
      ].sort(),
    );
  });

  it('carries the demo account', () => {
    expect(api.DEMO_ACCOUNT).toEqual({ email: 'mira@example.com', password: 'murmur-demo', username: 'miraokafor' });
  });

  it('counts its evaluations on globalThis', () => {
    const marker = (globalThis as { __murmurEvaluations?: Record<string, number> }).__murmurEvaluations;
    expect(marker?.['@murmur/mock-api']).toBeGreaterThanOrEqual(1);
  });
});
