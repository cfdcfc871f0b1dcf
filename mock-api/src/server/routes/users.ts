import { type Db, type UserRecord, allUsers, findUserByUsername, toPublicUser } from '../db';
import { ERRORS } from '@murmur/mock-api-contract';
import { type Reply, minimalReply, refuse } from '../http';
import { encodeUserCursor, postPageBody, readPostPage, readUserPage } from '../paging';
import { nowTimestamp } from '../time';
import { readProfileEdit } from '../validation';
import { findPost } from './posts';
import type { Route } from './route';

/**
 * Bookmark writes answer the user's bookmark ids (their full answer); with `Prefer: return=minimal` the changed user.
 */
const bookmarksReply = (user: UserRecord, minimal = false): Reply =>
  minimal ? minimalReply(200, { user: toPublicUser(user) }) : { status: 200, body: { bookmarks: user.bookmarks } };

/** Follow and unfollow take an _id, a username is accepted too (mock-api/rules.md, "The calls"). */
function findFollowTarget(db: Db, idOrUsername: string | undefined): UserRecord {
  const target =
    idOrUsername === undefined ? undefined : (db.users.get(idOrUsername) ?? findUserByUsername(db, idOrUsername));
  return target ?? refuse(404, ERRORS.USER_NOT_FOUND);
}

const followReply = (user: UserRecord, target: UserRecord): Reply => ({
  status: 200,
  body: { user: toPublicUser(user), followUser: toPublicUser(target) },
});

export const userRoutes: Route[] = [
  {
    method: 'get',
    path: '/users',
    handler: ({ db, query }) => {
      const page = readUserPage(query);
      if (!page) return { status: 200, body: { users: allUsers(db) } };
      const { users, last } = db.users.page(page.limit, page.after);
      return {
        status: 200,
        body: { users: users.map(toPublicUser), nextCursor: last === null ? null : encodeUserCursor(last) },
      };
    },
  },
  {
    method: 'get',
    path: '/users/bookmark',
    handler: ({ db, currentUser, query }) => {
      const user = currentUser();
      const page = readPostPage(query);
      if (!page) return bookmarksReply(user);
      // A page of the bookmarked posts themselves, so the Bookmark page needs no second request.
      return {
        status: 200,
        body: postPageBody(db, page, db.posts.pageBookmarks(user, page.sort, page.limit, page.after)),
      };
    },
  },
  {
    method: 'get',
    path: '/users/:userId',
    handler: ({ db, params }) => {
      // The parameter is a username; an _id is accepted as a fallback (mock-api/rules.md, "The calls").
      const key = params.userId ?? '';
      const user = findUserByUsername(db, key) ?? db.users.get(key);
      if (!user) return refuse(404, ERRORS.USER_NOT_FOUND);
      return { status: 200, body: { user: toPublicUser(user) } };
    },
  },
  {
    method: 'post',
    path: '/users/edit',
    handler: ({ body, currentUser }) => {
      const user = currentUser();
      const edit = readProfileEdit(body().userData);
      Object.assign(user, edit, { updatedAt: nowTimestamp() });
      return { status: 201, body: { user: toPublicUser(user) } };
    },
  },
  {
    method: 'post',
    path: '/users/bookmark/:postId',
    handler: ({ db, params, currentUser, minimal }) => {
      const user = currentUser();
      const post = findPost(db, params.postId);
      if (db.posts.isBookmarked(user, post._id)) return refuse(400, ERRORS.ALREADY_BOOKMARKED);
      db.posts.bookmark(user, post._id);
      return bookmarksReply(user, minimal);
    },
  },
  {
    method: 'post',
    path: '/users/remove-bookmark/:postId',
    handler: ({ db, params, currentUser, minimal }) => {
      const user = currentUser();
      const post = findPost(db, params.postId);
      if (!db.posts.isBookmarked(user, post._id)) return refuse(400, ERRORS.NOT_BOOKMARKED);
      db.posts.unbookmark(user, post._id);
      return bookmarksReply(user, minimal);
    },
  },
  {
    method: 'post',
    path: '/users/follow/:followUserId',
    handler: ({ db, params, currentUser }) => {
      const user = currentUser();
      const target = findFollowTarget(db, params.followUserId);
      if (target._id === user._id) return refuse(400, ERRORS.FOLLOW_SELF);
      if (db.users.isFollowing(user, target._id)) return refuse(400, ERRORS.ALREADY_FOLLOWING);
      db.users.follow(user, target);
      return followReply(user, target);
    },
  },
  {
    method: 'post',
    path: '/users/unfollow/:followUserId',
    handler: ({ db, params, currentUser }) => {
      const user = currentUser();
      const target = findFollowTarget(db, params.followUserId);
      if (!db.users.isFollowing(user, target._id)) return refuse(400, ERRORS.NOT_FOLLOWING);
      db.users.unfollow(user, target);
      return followReply(user, target);
    },
  },
];
