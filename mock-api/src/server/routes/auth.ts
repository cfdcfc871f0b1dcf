import { type UserRecord, findUserByEmail, findUserByUsername, toPublicUser } from '../db';
import { ERRORS } from '@murmur/mock-api-contract';
import { refuse } from '../http';
import { avatarUri, bannerUri, colorFor, initialsOf } from '../images';
import { signToken } from '../jwt';
import { nowTimestamp } from '../time';
import { sameUsername } from '@murmur/mock-api-contract';
import { readSignup } from '../validation';
import type { Route } from './route';

export const authRoutes: Route[] = [
  {
    method: 'post',
    path: '/auth/signup',
    handler: ({ db, body }) => {
      const isTaken = (username: string) => [...db.users.values()].some((u) => sameUsername(u.username, username));
      const fields = readSignup(body(), isTaken);
      if (isTaken(fields.username)) return refuse(422, ERRORS.USERNAME_EXISTS);
      if (fields.email && findUserByEmail(db, fields.email)) return refuse(422, ERRORS.EMAIL_EXISTS);
      const now = nowTimestamp();
      const initials = initialsOf(fields.firstName, fields.lastName, fields.username);
      const user: UserRecord = {
        _id: db.newId('user'),
        username: fields.username,
        email: fields.email,
        password: fields.password,
        firstName: fields.firstName,
        lastName: fields.lastName,
        profilePic: fields.profilePic ?? avatarUri(initials, colorFor(fields.username)),
        profileBanner: fields.profileBanner ?? bannerUri(colorFor(fields.firstName), colorFor(fields.lastName)),
        bio: fields.bio ?? '',
        link: fields.link ?? '',
        followers: [],
        following: [],
        bookmarks: [],
        createdAt: now,
        updatedAt: now,
      };
      db.users.set(user._id, user);
      return { status: 201, body: { encodedToken: signToken(user), createdUser: toPublicUser(user) } };
    },
  },
  {
    method: 'post',
    path: '/auth/login',
    handler: ({ db, body }) => {
      const { username, password } = body();
      // The login form sends its email field as username (mock-api/rules.md, "Login"): a username first, then an
      // email.
      const user =
        typeof username === 'string'
          ? (findUserByUsername(db, username) ?? findUserByEmail(db, username.trim()))
          : undefined;
      if (!user) return refuse(404, ERRORS.USER_NOT_REGISTERED);
      if (password !== user.password) return refuse(401, ERRORS.WRONG_PASSWORD);
      return { status: 200, body: { encodedToken: signToken(user), foundUser: toPublicUser(user) } };
    },
  },
];
