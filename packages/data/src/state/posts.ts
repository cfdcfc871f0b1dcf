import { atom, type Getter, type Setter } from 'jotai';
import { addCommentMinimal } from '../client/comments';
import {
  createPostMinimal,
  deletePostMinimal,
  dislikePostMinimal,
  editPostMinimal,
  likePostMinimal,
} from '../client/posts';
import { type AuthToken, toApiError } from '../client/http';
import { addBookmarkMinimal, getBookmarks, removeBookmarkMinimal } from '../client/users';
import { ERRORS } from '@murmur/mock-api-contract';
import type { Post, UserRef } from '@murmur/mock-api-contract';
import type { ActionResult } from '../state-types';
import { postsBaseAtom, sessionBaseAtom } from './base';
import { isLikedBy } from './helpers';
import { queryClientAtom } from '../cache/queryClient';
import { cachedPost, dropCachedPost, invalidatePosts, patchCachedPost, prependCachedPost } from '../edits/posts';
import { cancelPostRefetches, refreshPostsAfterWrite } from '../edits/refresh';
import { type Accept, answersFor, failureOf, sessionChecked, updateSessionUser } from './session';
import { pressToggle } from './toggles';

/**
 * Every posts action: status pending, then fulfilled or rejected (docs/data-layer.md, "State fields"). The work applies
 * its own changes only after a success, so a refused write leaves the posts untouched; an answer for a session that has
 * ended meanwhile (each call goes through `accept`) changes nothing at all.
 */
async function postsAction(
  get: Getter,
  set: Setter,
  work: (accept: Accept, token: AuthToken) => Promise<void>,
): Promise<ActionResult> {
  const accept = answersFor(get);
  // The token of the session that asked, read from the store, its one source.
  const { token } = get(sessionBaseAtom);
  set(postsBaseAtom, (state) => ({ ...state, status: 'pending', error: null }));
  try {
    await work(accept, token);
    set(postsBaseAtom, (state) => ({ ...state, status: 'fulfilled', error: null }));
    return { ok: true };
  } catch (error) {
    return { ok: false, error: failed(set, error) };
  }
}

/** Refetches every page of every post list on screen: the retry of a failed load. */
export const fetchPostsAtom = atom(null, (get): Promise<void> => invalidatePosts(get(queryClientAtom)));

/** The Post button waits for the back end; the new post then heads the lists it belongs to. */
export const createPostAtom = atom(null, (get, set, content: string) =>
  postsAction(get, set, async (accept, token) => {
    const { post } = await accept(createPostMinimal(content, token));
    const client = get(queryClientAtom);
    prependCachedPost(client, post);
    void refreshPostsAfterWrite(client, token);
  }),
);

export const deletePostAtom = atom(null, (get, set, postId: string) =>
  postsAction(get, set, async (accept, token) => {
    await accept(deletePostMinimal(postId, token));
    const client = get(queryClientAtom);
    dropCachedPost(client, postId);
    // The server drops the post from every bookmark list; mirror that for the session user.
    set(postsBaseAtom, (state) => ({ ...state, bookmarks: state.bookmarks.filter((id) => id !== postId) }));
    void refreshPostsAfterWrite(client, token);
  }),
);

export const editPostAtom = atom(null, (get, set, { postId, content }: { postId: string; content: string }) =>
  postsAction(get, set, async (accept, token) => {
    const { post } = await accept(editPostMinimal(postId, content, token));
    const client = get(queryClientAtom);
    patchCachedPost(client, postId, () => post);
    // The flag still flips on each successful edit (docs/data-layer.md, "State fields"); the refetch is the refresh
    // below.
    set(postsBaseAtom, (state) => ({ ...state, postIsEdited: !state.postIsEdited }));
    void refreshPostsAfterWrite(client, token);
  }),
);

/** The like state `liked` of `post` for `viewer`, as the back end will make it (mock-api/rules.md, "Likes"). */
function withLike(post: Post, viewer: UserRef, liked: boolean): Post {
  if (isLikedBy(post, viewer.username) === liked) return post;
  const others = (refs: UserRef[]) => refs.filter((ref) => ref.username !== viewer.username);
  const { likes } = post;
  return {
    ...post,
    likes: liked
      ? {
          likeCount: likes.likeCount + 1,
          likedBy: [...others(likes.likedBy), viewer],
          dislikedBy: others(likes.dislikedBy),
        }
      : {
          likeCount: Math.max(0, likes.likeCount - 1),
          likedBy: others(likes.likedBy),
          dislikedBy: [...others(likes.dislikedBy), viewer],
        },
  };
}

/** A refusal that says the back end already holds what the press asked for: our copy was out of date. */
const alreadyDone = (error: unknown, messages: string[]): boolean => messages.includes(toApiError(error).message);

/** Like / unlike at once on screen; the last of rapid presses wins (see toggles.ts). */
export const toggleLikeAtom = atom(null, async (get, set, postId: string): Promise<ActionResult> => {
  const me = get(sessionBaseAtom).user;
  const client = get(queryClientAtom);
  const post = cachedPost(client, postId);
  if (!me || !post) return { ok: false, error: 'Post not found' };
  const viewer = { _id: me._id, username: me.username };
  const accept = answersFor(get);
  const { token } = get(sessionBaseAtom);
  void cancelPostRefetches(client);
  // The likes the back end last agreed to: a rollback puts back exactly these.
  let agreed = post;
  return pressToggle(get, `like:${postId}`, {
    current: isLikedBy(post, me.username),
    show: (liked) =>
      patchCachedPost(client, postId, (cached) =>
        liked === isLikedBy(agreed, me.username) ? { ...cached, likes: agreed.likes } : withLike(cached, viewer, liked),
      ),
    send: async (liked, superseded) => {
      set(postsBaseAtom, (state) => ({ ...state, status: 'pending', error: null }));
      try {
        const answer = await accept(liked ? likePostMinimal(postId, token) : dislikePostMinimal(postId, token));
        agreed = answer.post;
        // A later press keeps its own state on screen until its request answers.
        if (!superseded()) patchCachedPost(client, postId, () => answer.post);
      } catch (error) {
        if (!alreadyDone(error, [ERRORS.ALREADY_LIKED, ERRORS.ALREADY_DISLIKED])) throw error;
      }
    },
    fail: (error) => failed(set, error),
    settle: () => {
      set(postsBaseAtom, (state) => ({
        ...state,
        status: 'fulfilled',
        error: null,
        postIsLiked: isLikedBy(cachedPost(client, postId) ?? post, me.username),
      }));
      void refreshPostsAfterWrite(client, token);
    },
  });
});

/**
 * A refused write: status rejected with its error (idle if its session ended meanwhile); a refusal may end the session.
 */
function failed(set: Setter, error: unknown): string {
  const { message, ended } = failureOf(set, error);
  set(postsBaseAtom, (state) =>
    ended ? { ...state, status: 'idle', error: null } : { ...state, status: 'rejected', error: message },
  );
  return message;
}

const showBookmark = (set: Setter, postId: string, bookmarked: boolean): void =>
  set(postsBaseAtom, (state) => {
    const others = state.bookmarks.filter((id) => id !== postId);
    return { ...state, bookmarks: bookmarked ? [...others, postId] : others };
  });

/** Bookmark / remove at once on screen; the last of rapid presses wins. */
export const toggleBookmarkAtom = atom(null, async (get, set, postId: string): Promise<ActionResult> => {
  const accept = answersFor(get);
  const { token } = get(sessionBaseAtom);
  await sessionChecked(get);
  return pressToggle(get, `bookmark:${postId}`, {
    current: get(postsBaseAtom).bookmarks.includes(postId),
    show: (bookmarked) => showBookmark(set, postId, bookmarked),
    send: async (bookmarked, superseded) => {
      set(postsBaseAtom, (state) => ({ ...state, status: 'pending', error: null }));
      try {
        const { user } = await accept(
          bookmarked ? addBookmarkMinimal(postId, token) : removeBookmarkMinimal(postId, token),
        );
        updateSessionUser(set, user);
        if (!superseded()) set(postsBaseAtom, (state) => ({ ...state, bookmarks: [...user.bookmarks] }));
      } catch (error) {
        if (!alreadyDone(error, [ERRORS.ALREADY_BOOKMARKED, ERRORS.NOT_BOOKMARKED])) throw error;
      }
    },
    fail: (error) => failed(set, error),
    settle: () => {
      set(postsBaseAtom, (state) => ({ ...state, status: 'fulfilled', error: null }));
      void refreshPostsAfterWrite(get(queryClientAtom), token);
    },
  });
});

function syncSessionBookmarks(get: Getter, set: Setter, bookmarks: string[]): void {
  set(postsBaseAtom, (state) => ({ ...state, bookmarks }));
  const user = get(sessionBaseAtom).user;
  if (user) updateSessionUser(set, { ...user, bookmarks: [...bookmarks] });
}

export const fetchBookmarksAtom = atom(null, (get, set) =>
  postsAction(get, set, async (accept, token) => {
    const { bookmarks } = await accept(getBookmarks(token));
    syncSessionBookmarks(get, set, bookmarks);
  }),
);

export const addCommentAtom = atom(null, (get, set, { postId, text }: { postId: string; text: string }) =>
  postsAction(get, set, async (accept, token) => {
    const { post } = await accept(addCommentMinimal(postId, text, token));
    const client = get(queryClientAtom);
    patchCachedPost(client, postId, () => post);
    set(postsBaseAtom, (state) => ({ ...state, comments: post.comments }));
    void refreshPostsAfterWrite(client, token);
  }),
);
