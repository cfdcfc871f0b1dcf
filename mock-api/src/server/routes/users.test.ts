import { beforeEach, describe, expect, it } from 'vitest';
import type { User } from '@murmur/mock-api-contract';
import { ERRORS } from '@murmur/mock-api-contract';
import { api, as, expectRefusal, SEED, tokenFor, withMockServer } from '../test-support';

withMockServer();

const MIRA_ID = 'user-seed-01-mira';
const TOMAS_ID = 'user-seed-02-tomas';
const JONAH_ID = 'user-seed-04-jonah';

let mira: string;
beforeEach(async () => {
  mira = await tokenFor(SEED.mira);
});

describe('reading users', () => {
  it('GET /users answers the 7 seed users, complete and without passwords', async () => {
    const response = await api.get('/users');
    expect(response.status).toBe(200);
    const users = response.data.users as User[];
    expect(users).toHaveLength(7);
    for (const user of users) {
      expect(user.email).toMatch(/@example\.com$/);
      expect(user.link).toMatch(/^https:\/\//);
      expect(user.bio.length).toBeGreaterThan(0);
      expect(user.profilePic).toMatch(/^data:image\/svg\+xml,/);
      expect(user.profileBanner).toMatch(/^data:image\/svg\+xml,/);
      expect(user).not.toHaveProperty('password');
    }
    // Follow lists are symmetric.
    for (const user of users) {
      for (const ref of user.following) {
        expect(users.find((u) => u._id === ref._id)?.followers).toContainEqual({
          _id: user._id,
          username: user.username,
        });
      }
    }
  });

  it('GET /users/:userId resolves a username, then an _id, else 404', async () => {
    const byName = await api.get('/users/tomaslind');
    expect(byName.status).toBe(200);
    expect(byName.data.user._id).toBe(TOMAS_ID);
    expect((await api.get(`/users/${TOMAS_ID}`)).data.user.username).toBe(SEED.tomas);
    expectRefusal(await api.get('/users/nobody'), 404, 'User not found');
  });
});

describe('POST /api/users/edit', () => {
  it('changes only the allowed fields, with 201 and a bumped updatedAt', async () => {
    const before = (await api.get('/users/miraokafor')).data.user as User;
    const response = await api.post(
      '/users/edit',
      {
        userData: {
          bio: 'New bio',
          link: 'http://example.org/me',
          firstName: 'Mirabel',
          username: 'hacker',
          password: 'x',
          followers: [],
          following: [{ _id: 'x', username: 'x' }],
          bookmarks: ['x'],
          _id: 'other',
        },
      },
      as(mira),
    );
    expect(response.status).toBe(201);
    const user = response.data.user as User;
    expect(user).toEqual({
      ...before,
      bio: 'New bio',
      link: 'http://example.org/me',
      firstName: 'Mirabel',
      updatedAt: user.updatedAt,
    });
    expect(Date.parse(user.updatedAt)).toBeGreaterThan(Date.parse(before.updatedAt));
    // The password did not change.
    expect((await api.post('/auth/login', { username: SEED.mira, password: 'murmur-demo' })).status).toBe(200);
  });

  it('refuses a long bio, a non-http link, bad pictures, a missing userData and a missing token', async () => {
    expectRefusal(
      await api.post('/users/edit', { userData: { bio: 'b'.repeat(501) } }, as(mira)),
      400,
      ERRORS.BIO_TOO_LONG,
    );
    expect((await api.post('/users/edit', { userData: { bio: 'b'.repeat(500) } }, as(mira))).status).toBe(201);
    for (const link of ['javascript:alert(1)', 'example.com', 'ftp://example.com', 'https://']) {
      expectRefusal(await api.post('/users/edit', { userData: { link } }, as(mira)), 400, ERRORS.LINK_INVALID);
    }
    expectRefusal(
      await api.post('/users/edit', { userData: { profilePic: 'javascript:x' } }, as(mira)),
      400,
      ERRORS.IMAGE_INVALID,
    );
    expectRefusal(await api.post('/users/edit', { userData: { firstName: 7 } }, as(mira)), 400, ERRORS.NAME_INVALID);
    expectRefusal(await api.post('/users/edit', {}, as(mira)), 400, ERRORS.PROFILE_DATA_REQUIRED);
    expectRefusal(await api.post('/users/edit', { userData: { bio: 'x' } }), 401, ERRORS.TOKEN_INVALID);
  });

  it('accepts an empty link (clearing it)', async () => {
    const response = await api.post('/users/edit', { userData: { link: '' } }, as(mira));
    expect(response.data.user.link).toBe('');
  });
});

describe('bookmarks', () => {
  it('GET /users/bookmark answers {bookmarks}, empty for the demo user at start', async () => {
    const response = await api.get('/users/bookmark', as(mira));
    expect(response.status).toBe(200);
    expect(response.data).toEqual({ bookmarks: [] });
    expectRefusal(await api.get('/users/bookmark'), 401, ERRORS.TOKEN_INVALID);
  });

  it('bookmark and remove-bookmark answer {bookmarks} with 200', async () => {
    const added = await api.post('/users/bookmark/post-seed-02', null, as(mira));
    expect(added.status).toBe(200);
    expect(added.data).toEqual({ bookmarks: ['post-seed-02'] });
    await api.post('/users/bookmark/post-seed-01', null, as(mira));
    const removed = await api.post('/users/remove-bookmark/post-seed-02', null, as(mira));
    expect(removed.status).toBe(200);
    expect(removed.data).toEqual({ bookmarks: ['post-seed-01'] });
    expect((await api.get('/users/miraokafor')).data.user.bookmarks).toEqual(['post-seed-01']);
  });

  it('refuses a double bookmark, removing a non-bookmark, a missing post and a missing token', async () => {
    await api.post('/users/bookmark/post-seed-02', null, as(mira));
    expectRefusal(
      await api.post('/users/bookmark/post-seed-02', null, as(mira)),
      400,
      'This Post is already bookmarked',
    );
    expectRefusal(
      await api.post('/users/remove-bookmark/post-seed-03', null, as(mira)),
      400,
      'Post not bookmarked yet',
    );
    expectRefusal(await api.post('/users/bookmark/nope', null, as(mira)), 404, 'Post not found');
    expectRefusal(await api.post('/users/remove-bookmark/nope', null, as(mira)), 404, 'Post not found');
    expectRefusal(await api.post('/users/bookmark/post-seed-01'), 401, ERRORS.TOKEN_INVALID);
    expectRefusal(await api.post('/users/remove-bookmark/post-seed-02'), 401, ERRORS.TOKEN_INVALID);
  });
});

describe('follow and unfollow', () => {
  it('follow updates both users with references and answers {user, followUser} with 200', async () => {
    const response = await api.post(`/users/follow/${JONAH_ID}`, null, as(mira));
    expect(response.status).toBe(200);
    expect(Object.keys(response.data).sort()).toEqual(['followUser', 'user']);
    expect(response.data.user.following).toContainEqual({ _id: JONAH_ID, username: SEED.jonah });
    expect(response.data.followUser.followers).toContainEqual({ _id: MIRA_ID, username: SEED.mira });
    expect((await api.get('/users/jonahwhit')).data.user.followers).toContainEqual({
      _id: MIRA_ID,
      username: SEED.mira,
    });
  });

  it('accepts a username as the target', async () => {
    const response = await api.post('/users/follow/jonahwhit', null, as(mira));
    expect(response.data.followUser._id).toBe(JONAH_ID);
  });

  it('unfollow removes both sides', async () => {
    const response = await api.post(`/users/unfollow/${TOMAS_ID}`, null, as(mira));
    expect(response.status).toBe(200);
    expect(response.data.user.following.map((r: { _id: string }) => r._id)).not.toContain(TOMAS_ID);
    expect(response.data.followUser.followers.map((r: { _id: string }) => r._id)).not.toContain(MIRA_ID);
  });

  it('refuses following twice, unfollowing a non-followed user, self-follow, unknown users, no token', async () => {
    expectRefusal(await api.post(`/users/follow/${TOMAS_ID}`, null, as(mira)), 400, 'User Already following');
    expectRefusal(await api.post(`/users/unfollow/${JONAH_ID}`, null, as(mira)), 400, 'User already not following');
    expectRefusal(await api.post(`/users/follow/${MIRA_ID}`, null, as(mira)), 400, 'You cannot follow yourself');
    expectRefusal(await api.post('/users/follow/nobody', null, as(mira)), 404, 'User not found');
    expectRefusal(await api.post('/users/unfollow/nobody', null, as(mira)), 404, 'User not found');
    expectRefusal(await api.post(`/users/follow/${JONAH_ID}`), 401, ERRORS.TOKEN_INVALID);
    expectRefusal(await api.post(`/users/unfollow/${TOMAS_ID}`), 401, ERRORS.TOKEN_INVALID);
  });
});
