import type { Post } from '../../types';
import { type Db, allPosts, clone, findUserByUsername, hasRef, refOf, withoutRef } from '../db';
import { ERRORS } from '../errors';
import { type Reply, refuse } from '../http';
import { nowTimestamp } from '../time';
import { readPostContent } from '../validation';
import type { Route } from './route';

export function findPost(db: Db, postId: string | undefined): Post {
  const post = postId === undefined ? undefined : db.posts.get(postId);
  return post ?? refuse(404, ERRORS.POST_NOT_FOUND);
}

/** Post writes answer the whole list, as Part 1's table says, with 201 (spec 2.2). */
const postsReply = (db: Db): Reply => ({ status: 201, body: { posts: allPosts(db) } });

export const postRoutes: Route[] = [
  { method: 'get', path: '/posts', handler: ({ db }) => ({ status: 200, body: { posts: allPosts(db) } }) },
  {
    method: 'get',
    path: '/posts/:postId',
    handler: ({ db, params }) => ({ status: 200, body: { post: clone(findPost(db, params.postId)) } }),
  },
  {
    method: 'get',
    path: '/posts/user/:username',
    handler: ({ db, params }) => {
      const username = params.username ?? '';
      if (!findUserByUsername(db, username)) return refuse(404, ERRORS.USER_NOT_FOUND);
      return { status: 200, body: { posts: allPosts(db).filter((post) => post.username === username) } };
    },
  },
  {
    method: 'post',
    path: '/posts',
    handler: ({ db, body, currentUser }) => {
      const user = currentUser();
      const content = readPostContent(body());
      const now = nowTimestamp();
      const post: Post = {
        _id: db.newId('post'),
        username: user.username,
        content,
        likes: { likeCount: 0, likedBy: [], dislikedBy: [] },
        comments: [],
        bookmarks: [],
        createdAt: now,
        updatedAt: now,
      };
      db.posts.set(post._id, post);
      return postsReply(db);
    },
  },
  {
    method: 'delete',
    path: '/posts/:postId',
    handler: ({ db, params, currentUser }) => {
      const user = currentUser();
      const post = findPost(db, params.postId);
      if (post.username !== user.username) return refuse(400, ERRORS.DELETE_POST_NOT_OWNER);
      db.posts.delete(post._id);
      // A bookmark must never point at a post that no longer exists.
      for (const other of db.users.values()) {
        if (other.bookmarks.includes(post._id)) other.bookmarks = other.bookmarks.filter((id) => id !== post._id);
      }
      return postsReply(db);
    },
  },
  {
    method: 'post',
    path: '/posts/edit/:postId',
    handler: ({ db, params, body, currentUser }) => {
      const user = currentUser();
      const post = findPost(db, params.postId);
      if (post.username !== user.username) return refuse(400, ERRORS.EDIT_POST_NOT_OWNER);
      post.content = readPostContent(body());
      post.updatedAt = nowTimestamp();
      return postsReply(db);
    },
  },
  {
    method: 'post',
    path: '/posts/like/:postId',
    handler: ({ db, params, currentUser }) => {
      const user = currentUser();
      const post = findPost(db, params.postId);
      const { likes } = post;
      if (hasRef(likes.likedBy, user._id)) return refuse(400, ERRORS.ALREADY_LIKED);
      likes.dislikedBy = withoutRef(likes.dislikedBy, user._id);
      likes.likedBy = [...likes.likedBy, refOf(user)];
      likes.likeCount += 1;
      return postsReply(db);
    },
  },
  {
    method: 'post',
    path: '/posts/dislike/:postId',
    handler: ({ db, params, currentUser }) => {
      const user = currentUser();
      const post = findPost(db, params.postId);
      const { likes } = post;
      if (likes.likeCount <= 0) return refuse(400, ERRORS.LIKE_BELOW_ZERO);
      if (hasRef(likes.dislikedBy, user._id)) return refuse(400, ERRORS.ALREADY_DISLIKED);
      likes.likedBy = withoutRef(likes.likedBy, user._id);
      likes.dislikedBy = [...likes.dislikedBy, refOf(user)];
      likes.likeCount -= 1;
      return postsReply(db);
    },
  },
];
