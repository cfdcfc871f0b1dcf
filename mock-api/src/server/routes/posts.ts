import type { Post } from '@murmur/mock-api-contract';
import { type Db, findUserByUsername, hasRef, refOf, withoutRef } from '../db';
import { ERRORS } from '@murmur/mock-api-contract';
import { type Reply, minimalReply, refuse } from '../http';
import { postPageBody, readPostPage } from '../paging';
import { newPostRecord } from '../records';
import { nowTimestamp } from '../time';
import { readPostContent } from '../validation';
import type { Route } from './route';

export function findPost(db: Db, postId: string | undefined): Post {
  const post = postId === undefined ? undefined : db.posts.get(postId);
  return post ?? refuse(404, ERRORS.POST_NOT_FOUND);
}

/**
 * Post writes answer the whole list, with 201 (mock-api/rules.md, "The calls"); with `Prefer: return=minimal` only
 * the post they changed (for a delete, the post as it was).
 */
const postsReply = (db: Db, minimal: boolean, changed: Post): Reply =>
  minimal ? minimalReply(201, { post: changed }) : { status: 201, body: { posts: [...db.posts.values()] } };

export const postRoutes: Route[] = [
  {
    method: 'get',
    path: '/posts',
    handler: ({ db, query }) => {
      const page = readPostPage(query);
      if (page) return { status: 200, body: postPageBody(db, page, db.posts.page(page.sort, page.limit, page.after)) };
      return { status: 200, body: { posts: [...db.posts.values()] } };
    },
  },
  {
    // "Anything newer?" (docs/data-layer.md, "Newer posts"): a lookup and a binary search, at any scale.
    method: 'get',
    path: '/posts/newer',
    handler: ({ db, query }) => {
      const since = query.since;
      if (since !== undefined && (typeof since !== 'string' || since === '')) {
        return refuse(400, ERRORS.NEWER_SINCE_INVALID);
      }
      const newer = db.posts.newerThan(since ?? null);
      return newer ? { status: 200, body: newer } : refuse(404, ERRORS.POST_NOT_FOUND);
    },
  },
  {
    method: 'get',
    path: '/posts/:postId',
    handler: ({ db, params }) => ({ status: 200, body: { post: findPost(db, params.postId) } }),
  },
  {
    method: 'get',
    path: '/posts/user/:username',
    handler: ({ db, params, query }) => {
      const username = params.username ?? '';
      if (!findUserByUsername(db, username)) return refuse(404, ERRORS.USER_NOT_FOUND);
      const page = readPostPage(query);
      if (!page) return { status: 200, body: { posts: db.posts.byAuthorInStorageOrder(username) } };
      return {
        status: 200,
        body: postPageBody(db, page, db.posts.pageByAuthor(username, page.sort, page.limit, page.after)),
      };
    },
  },
  {
    method: 'post',
    path: '/posts',
    handler: ({ db, body, currentUser, minimal }) => {
      const user = currentUser();
      const content = readPostContent(body());
      const post = newPostRecord({
        _id: db.newId('post'),
        username: user.username,
        content,
        createdAt: nowTimestamp(),
      });
      db.posts.add(post);
      return postsReply(db, minimal, post);
    },
  },
  {
    method: 'delete',
    path: '/posts/:postId',
    handler: ({ db, params, currentUser, minimal }) => {
      const user = currentUser();
      const post = findPost(db, params.postId);
      if (post.username !== user.username) return refuse(400, ERRORS.DELETE_POST_NOT_OWNER);
      // Also removes it from every user's bookmarks, so a bookmark never points at nothing.
      db.posts.delete(post._id);
      return postsReply(db, minimal, post);
    },
  },
  {
    method: 'post',
    path: '/posts/edit/:postId',
    handler: ({ db, params, body, currentUser, minimal }) => {
      const user = currentUser();
      const post = findPost(db, params.postId);
      if (post.username !== user.username) return refuse(400, ERRORS.EDIT_POST_NOT_OWNER);
      post.content = readPostContent(body());
      post.updatedAt = nowTimestamp();
      return postsReply(db, minimal, post);
    },
  },
  {
    method: 'post',
    path: '/posts/like/:postId',
    handler: ({ db, params, currentUser, minimal }) => {
      const user = currentUser();
      const post = findPost(db, params.postId);
      const { likes } = post;
      if (hasRef(likes.likedBy, user._id)) return refuse(400, ERRORS.ALREADY_LIKED);
      likes.dislikedBy = withoutRef(likes.dislikedBy, user._id);
      likes.likedBy = [...likes.likedBy, refOf(user)];
      likes.likeCount += 1;
      db.posts.rescore(post);
      return postsReply(db, minimal, post);
    },
  },
  {
    method: 'post',
    path: '/posts/dislike/:postId',
    handler: ({ db, params, currentUser, minimal }) => {
      const user = currentUser();
      const post = findPost(db, params.postId);
      const { likes } = post;
      if (likes.likeCount <= 0) return refuse(400, ERRORS.LIKE_BELOW_ZERO);
      if (hasRef(likes.dislikedBy, user._id)) return refuse(400, ERRORS.ALREADY_DISLIKED);
      likes.likedBy = withoutRef(likes.likedBy, user._id);
      likes.dislikedBy = [...likes.dislikedBy, refOf(user)];
      likes.likeCount -= 1;
      db.posts.rescore(post);
      return postsReply(db, minimal, post);
    },
  },
];
