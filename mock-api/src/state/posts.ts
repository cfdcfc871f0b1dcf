import { atom, type Getter, type Setter } from 'jotai';
import { addComment } from '../client/comments';
import {
  createPost,
  deletePost,
  dislikePost,
  editPost,
  getPosts,
  likePost,
} from '../client/posts';
import { addBookmark, getBookmarks, removeBookmark } from '../client/users';
import type { ActionResult, PostsState } from '../types';
import { postsBaseAtom, sessionBaseAtom } from './base';
import { isLikedBy } from './helpers';
import { handleAuthedFailure, updateSessionUser } from './session';

export const postsStateAtom = atom<PostsState>((get) => get(postsBaseAtom));

/**
 * Every posts action: status pending, then fulfilled or rejected (spec 4). The work applies its own changes only
 * after a success, so a refused write leaves the posts untouched.
 */
async function postsAction(set: Setter, work: () => Promise<void>): Promise<ActionResult> {
  set(postsBaseAtom, (state) => ({ ...state, status: 'pending', error: null }));
  try {
    await work();
    set(postsBaseAtom, (state) => ({ ...state, status: 'fulfilled', error: null }));
    return { ok: true };
  } catch (error) {
    const { message } = handleAuthedFailure(set, error);
    set(postsBaseAtom, (state) => ({ ...state, status: 'rejected', error: message }));
    return { ok: false, error: message };
  }
}

const setPosts = (set: Setter, patch: Partial<PostsState>): void =>
  set(postsBaseAtom, (state) => ({ ...state, ...patch }));

export const fetchPostsAtom = atom(null, (_get, set) =>
  postsAction(set, async () => {
    const { posts } = await getPosts();
    setPosts(set, { posts });
  }),
);

export const createPostAtom = atom(null, (_get, set, content: string) =>
  postsAction(set, async () => {
    const { posts } = await createPost(content);
    setPosts(set, { posts });
  }),
);

export const deletePostAtom = atom(null, (_get, set, postId: string) =>
  postsAction(set, async () => {
    const { posts } = await deletePost(postId);
    // The server drops the post from every bookmark list; mirror that for the session user.
    set(postsBaseAtom, (state) => ({ ...state, posts, bookmarks: state.bookmarks.filter((id) => id !== postId) }));
  }),
);

export const editPostAtom = atom(null, (_get, set, { postId, content }: { postId: string; content: string }) =>
  postsAction(set, async () => {
    const { posts } = await editPost(postId, content);
    // The flag flips on each successful edit, so effects keyed on it run again (spec 4).
    set(postsBaseAtom, (state) => ({ ...state, posts, postIsEdited: !state.postIsEdited }));
  }),
);

export const toggleLikeAtom = atom(null, (get, set, postId: string) =>
  postsAction(set, async () => {
    const username = get(sessionBaseAtom).user?.username ?? '';
    const post = get(postsBaseAtom).posts.find((p) => p._id === postId);
    const liked = post !== undefined && isLikedBy(post, username);
    const { posts } = await (liked ? dislikePost(postId) : likePost(postId));
    setPosts(set, { posts, postIsLiked: !liked });
    await refetchPosts(set);
  }),
);

/** The follow-up refetch of spec 4; the write already succeeded, so a failed refetch keeps the answer we have. */
async function refetchPosts(set: Setter): Promise<void> {
  try {
    const { posts } = await getPosts();
    setPosts(set, { posts });
  } catch {
    // Keep the posts of the write's own response.
  }
}

function syncSessionBookmarks(get: Getter, set: Setter, bookmarks: string[]): void {
  setPosts(set, { bookmarks });
  const user = get(sessionBaseAtom).user;
  if (user) updateSessionUser(set, { ...user, bookmarks: [...bookmarks] });
}

export const toggleBookmarkAtom = atom(null, (get, set, postId: string) =>
  postsAction(set, async () => {
    const bookmarked = get(postsBaseAtom).bookmarks.includes(postId);
    const { bookmarks } = await (bookmarked ? removeBookmark(postId) : addBookmark(postId));
    syncSessionBookmarks(get, set, bookmarks);
  }),
);

export const fetchBookmarksAtom = atom(null, (get, set) =>
  postsAction(set, async () => {
    const { bookmarks } = await getBookmarks();
    syncSessionBookmarks(get, set, bookmarks);
  }),
);

export const addCommentAtom = atom(null, (_get, set, { postId, text }: { postId: string; text: string }) =>
  postsAction(set, async () => {
    const { comments } = await addComment(postId, text);
    set(postsBaseAtom, (state) => ({
      ...state,
      comments,
      posts: state.posts.map((post) => (post._id === postId ? { ...post, comments } : post)),
    }));
  }),
);
