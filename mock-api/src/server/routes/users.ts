import { type Db, type UserRecord, allUsers, findUserByUsername, hasRef, refOf, toPublicUser, withoutRef } from '../db';
import { ERRORS } from '../errors';
import { type Reply, refuse } from '../http';
import { nowTimestamp } from '../time';
import { readProfileEdit } from '../validation';
import { findPost } from './posts';
import type { Route } from './route';

const bookmarksReply = (user: UserRecord): Reply => ({ status: 200, body: { bookmarks: [...user.bookmarks] } });

/** Follow and unfollow take an _id, a username is accepted too (spec 2.2). */
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
  { method: 'get', path: '/users', handler: ({ db }) => ({ status: 200, body: { users: allUsers(db) } }) },
  {
    method: 'get',
    path: '/users/bookmark',
    handler: ({ currentUser }) => bookmarksReply(currentUser()),
  },
  {
    method: 'get',
    path: '/users/:userId',
    handler: ({ db, params }) => {
      // The parameter is a username (Part 1); an _id is accepted as a fallback (spec 2.2).
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
    handler: ({ db, params, currentUser }) => {
      const user = currentUser();
      const post = findPost(db, params.postId);
      if (user.bookmarks.includes(post._id)) return refuse(400, ERRORS.ALREADY_BOOKMARKED);
      user.bookmarks = [...user.bookmarks, post._id];
      return bookmarksReply(user);
    },
  },
  {
    method: 'post',
    path: '/users/remove-bookmark/:postId',
    handler: ({ db, params, currentUser }) => {
      const user = currentUser();
      const post = findPost(db, params.postId);
      if (!user.bookmarks.includes(post._id)) return refuse(400, ERRORS.NOT_BOOKMARKED);
      user.bookmarks = user.bookmarks.filter((id) => id !== post._id);
      return bookmarksReply(user);
    },
  },
  {
    method: 'post',
    path: '/users/follow/:followUserId',
    handler: ({ db, params, currentUser }) => {
      const user = currentUser();
      const target = findFollowTarget(db, params.followUserId);
      if (target._id === user._id) return refuse(400, ERRORS.FOLLOW_SELF);
      if (hasRef(user.following, target._id)) return refuse(400, ERRORS.ALREADY_FOLLOWING);
      user.following = [...user.following, refOf(target)];
      target.followers = [...withoutRef(target.followers, user._id), refOf(user)];
      return followReply(user, target);
    },
  },
  {
    method: 'post',
    path: '/users/unfollow/:followUserId',
    handler: ({ db, params, currentUser }) => {
      const user = currentUser();
      const target = findFollowTarget(db, params.followUserId);
      if (!hasRef(user.following, target._id)) return refuse(400, ERRORS.NOT_FOLLOWING);
      user.following = withoutRef(user.following, target._id);
      target.followers = withoutRef(target.followers, user._id);
      return followReply(user, target);
    },
  },
];
