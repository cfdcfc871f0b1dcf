import { atom, type Getter, type Setter } from 'jotai';
import { addComment } from '../client/comments';
import { createPost, deletePost, dislikePost, editPost, getPosts, likePost } from '../client/posts';
import { toApiError } from '../client/http';
import { addBookmark, getBookmarks, removeBookmark } from '../client/users';
import { ERRORS } from '../shared/errors';
import type { ActionResult, PostsState } from '../types';
import { postsBaseAtom, sessionBaseAtom } from './base';
import { isLikedBy } from './helpers';
import {
  type Accept,
  answersFor,
  handleAuthedFailure,
  SESSION_ENDED,
  SessionEnded,
  sessionChecked,
  updateSessionUser,
} from './session';

export const postsStateAtom = atom<PostsState>((get) => get(postsBaseAtom));

/**
 * Every posts action: status pending, then fulfilled or rejected (spec 4). The work applies its own changes only
 * after a success, so a refused write leaves the posts untouched; an answer for a session that has ended meanwhile
 * (each call goes through `accept`) changes nothing at all.
 */
async function postsAction(get: Getter, set: Setter, work: (accept: Accept) => Promise<void>): Promise<ActionResult> {
  const accept = answersFor(get);
  set(postsBaseAtom, (state) => ({ ...state, status: 'pending', error: null }));
  try {
    await work(accept);
    set(postsBaseAtom, (state) => ({ ...state, status: 'fulfilled', error: null }));
    return { ok: true };
  } catch (error) {
    if (error instanceof SessionEnded) {
      set(postsBaseAtom, (state) => ({ ...state, status: 'idle', error: null }));
      return { ok: false, error: SESSION_ENDED };
    }
    const { message } = handleAuthedFailure(set, error);
    set(postsBaseAtom, (state) => ({ ...state, status: 'rejected', error: message }));
    return { ok: false, error: message };
  }
}

const setPosts = (set: Setter, patch: Partial<PostsState>): void =>
  set(postsBaseAtom, (state) => ({ ...state, ...patch }));

export const fetchPostsAtom = atom(null, (get, set) =>
  postsAction(get, set, async (accept) => {
    const { posts } = await accept(getPosts());
    setPosts(set, { posts });
  }),
);

export const createPostAtom = atom(null, (get, set, content: string) =>
  postsAction(get, set, async (accept) => {
    const { posts } = await accept(createPost(content));
    setPosts(set, { posts });
  }),
);

export const deletePostAtom = atom(null, (get, set, postId: string) =>
  postsAction(get, set, async (accept) => {
    const { posts } = await accept(deletePost(postId));
    // The server drops the post from every bookmark list; mirror that for the session user.
    set(postsBaseAtom, (state) => ({ ...state, posts, bookmarks: state.bookmarks.filter((id) => id !== postId) }));
  }),
);

export const editPostAtom = atom(null, (get, set, { postId, content }: { postId: string; content: string }) =>
  postsAction(get, set, async (accept) => {
    const { posts } = await accept(editPost(postId, content));
    // The flag flips on each successful edit, so effects keyed on it run again (spec 4).
    set(postsBaseAtom, (state) => ({ ...state, posts, postIsEdited: !state.postIsEdited }));
  }),
);

export const toggleLikeAtom = atom(null, (get, set, postId: string) =>
  postsAction(get, set, async (accept) => {
    const username = get(sessionBaseAtom).user?.username ?? '';
    const post = get(postsBaseAtom).posts.find((p) => p._id === postId);
    const liked = post !== undefined && isLikedBy(post, username);
    const { posts } = await accept(liked ? dislikePost(postId) : likePost(postId));
    setPosts(set, { posts, postIsLiked: !liked });
    await refetchPosts(set, accept);
  }),
);

/** The follow-up refetch of spec 4; the write already succeeded, so a failed refetch keeps the answer we have. */
async function refetchPosts(set: Setter, accept: Accept): Promise<void> {
  try {
    const { posts } = await accept(getPosts());
    setPosts(set, { posts });
  } catch (error) {
    // Keep the posts of the write's own response.
    if (error instanceof SessionEnded) throw error;
  }
}

function syncSessionBookmarks(get: Getter, set: Setter, bookmarks: string[]): void {
  setPosts(set, { bookmarks });
  const user = get(sessionBaseAtom).user;
  if (user) updateSessionUser(set, { ...user, bookmarks: [...bookmarks] });
}

/** The back end already holds what the press asked for: our copy of the bookmarks was out of date. */
const alreadyDone = (error: unknown): boolean => {
  const { message } = toApiError(error);
  return message === ERRORS.ALREADY_BOOKMARKED || message === ERRORS.NOT_BOOKMARKED;
};

export const toggleBookmarkAtom = atom(null, (get, set, postId: string) =>
  postsAction(get, set, async (accept) => {
    await sessionChecked(get);
    const bookmarked = get(postsBaseAtom).bookmarks.includes(postId);
    try {
      const { bookmarks } = await accept(bookmarked ? removeBookmark(postId) : addBookmark(postId));
      syncSessionBookmarks(get, set, bookmarks);
    } catch (error) {
      if (!alreadyDone(error)) throw error;
      // Adopt the back end's list, so the button shows it and the next press asks for the other thing.
      const { bookmarks } = await accept(getBookmarks());
      syncSessionBookmarks(get, set, bookmarks);
    }
  }),
);

export const fetchBookmarksAtom = atom(null, (get, set) =>
  postsAction(get, set, async (accept) => {
    const { bookmarks } = await accept(getBookmarks());
    syncSessionBookmarks(get, set, bookmarks);
  }),
);

export const addCommentAtom = atom(null, (get, set, { postId, text }: { postId: string; text: string }) =>
  postsAction(get, set, async (accept) => {
    const { comments } = await accept(addComment(postId, text));
    set(postsBaseAtom, (state) => ({
      ...state,
      comments,
      posts: state.posts.map((post) => (post._id === postId ? { ...post, comments } : post)),
    }));
  }),
);
