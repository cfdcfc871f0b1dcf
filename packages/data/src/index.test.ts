import { describe, expect, it } from 'vitest';
import * as api from './index';

describe('the public API', () => {
  it('exports exactly the agreed names', () => {
    expect(Object.keys(api).sort()).toEqual(
      [
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
        // Paged reads and minimal writes (mock-api/rules.md, "Paging", "Minimal writes").
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
        // The spec-shaped state view (src/state/stateFields.ts) and the narrow read of the bookmarks.
        'postsStateAtom',
        'bookmarkIdsAtom',
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
        // New posts waiting above the feed (src/state/newPosts.ts, docs/data-layer.md, "Newer posts").
        'getNewerPosts',
        'newPostsWaitingAtom',
        'showNewPostsAtom',
        'startNewPostsPoller',
        'NEW_POSTS_POLL_MS',
        'MIN_NEW_POSTS_POLL_MS',
        // The query cache of the data layer: one QueryClient per store (src/cache/queryClient.ts), the query atoms
        // (src/state/queryAtoms.ts) and the preloads (src/state/preloads.ts).
        'createPageStore',
        'queryClientAtom',
        'postListAtom',
        'userPostCountAtom',
        'preloadPostList',
        'preloadUserPostCount',
        'postsOfPages',
        'POSTS_PAGE_SIZE',
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
        // The shared http(s) link rule (@murmur/mock-api-contract): a page links a stored profile link only if it
        // passes.
        'toHttpUrl',
      ].sort(),
    );
  });

  it('counts its evaluations on globalThis', () => {
    const marker = (globalThis as { __murmurEvaluations?: Record<string, number> }).__murmurEvaluations;
    expect(marker?.['@murmur/data']).toBeGreaterThanOrEqual(1);
  });
});
