import { createStore } from 'jotai';
import { beforeEach, describe, expect, it } from 'vitest';
import { defined, DEMO_ACCOUNT, withMockServer } from '../test-support';
import type { User } from '../types';
import { otherUsersAtom } from './feed';
import { isFollowing } from './helpers';
import { loginAtom, sessionAtom } from './session';
import { editProfileAtom, fetchUsersAtom, toggleFollowAtom, usersStateAtom } from './users';

withMockServer();

const JONAH = { _id: 'user-seed-04-jonah', username: 'jonahwhit' };
const TOMAS = { _id: 'user-seed-02-tomas', username: 'tomaslind' };

let store: ReturnType<typeof createStore>;
beforeEach(async () => {
  store = createStore();
  await store.set(loginAtom, { username: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password });
  await store.set(fetchUsersAtom);
});

const listed = (username: string): User =>
  defined(
    store.get(usersStateAtom).users.find((u) => u.username === username),
    username,
  );
const storedUser = (): User => JSON.parse(localStorage.getItem('user') ?? 'null') as User;

describe('fetchUsersAtom', () => {
  it('loads all users; otherUsersAtom leaves out the session user', async () => {
    const running = store.set(fetchUsersAtom);
    expect(store.get(usersStateAtom).userStatus).toBe('pending');
    await running;
    expect(store.get(usersStateAtom).userStatus).toBe('fulfilled');
    expect(store.get(usersStateAtom).users).toHaveLength(7);
    expect(store.get(otherUsersAtom).map((u) => u.username)).not.toContain(DEMO_ACCOUNT.username);
    expect(store.get(otherUsersAtom)).toHaveLength(6);
  });
});

describe('toggleFollowAtom', () => {
  it('follows someone not followed, updating the session user, storage and the users list', async () => {
    expect(isFollowing(store.get(sessionAtom).user, JONAH.username)).toBe(false);
    expect(await store.set(toggleFollowAtom, JONAH)).toEqual({ ok: true });
    expect(isFollowing(store.get(sessionAtom).user, JONAH.username)).toBe(true);
    expect(isFollowing(storedUser(), JONAH.username)).toBe(true);
    expect(listed(JONAH.username).followers.map((r) => r.username)).toContain(DEMO_ACCOUNT.username);
    expect(store.get(usersStateAtom).userStatus).toBe('fulfilled');
  });

  it('unfollows someone followed', async () => {
    expect(isFollowing(store.get(sessionAtom).user, TOMAS.username)).toBe(true);
    expect(await store.set(toggleFollowAtom, TOMAS)).toEqual({ ok: true });
    expect(isFollowing(store.get(sessionAtom).user, TOMAS.username)).toBe(false);
    expect(listed(TOMAS.username).followers.map((r) => r.username)).not.toContain(DEMO_ACCOUNT.username);
  });

  it('a refused follow (yourself) leaves session and users unchanged', async () => {
    const session = store.get(sessionAtom);
    const users = store.get(usersStateAtom).users;
    const user = defined(session.user);
    const me = { _id: user._id, username: user.username };
    expect(await store.set(toggleFollowAtom, me)).toEqual({ ok: false, error: 'You cannot follow yourself' });
    expect(store.get(sessionAtom)).toEqual(session);
    expect(store.get(usersStateAtom)).toEqual({ users, userStatus: 'rejected' });
  });
});

describe('editProfileAtom', () => {
  it('updates the session user, the stored user and the users list entry', async () => {
    expect(await store.set(editProfileAtom, { bio: 'Teapots, mostly.', link: 'https://example.com/teapots' })).toEqual({
      ok: true,
    });
    expect(store.get(sessionAtom).user).toMatchObject({ bio: 'Teapots, mostly.', link: 'https://example.com/teapots' });
    expect(storedUser().bio).toBe('Teapots, mostly.');
    expect(listed(DEMO_ACCOUNT.username).bio).toBe('Teapots, mostly.');
  });

  it('a refused edit changes nothing', async () => {
    const session = store.get(sessionAtom);
    const result = await store.set(editProfileAtom, { link: 'not a url' });
    expect(result).toEqual({ ok: false, error: 'Link must be an http:// or https:// URL.' });
    expect(store.get(sessionAtom)).toEqual(session);
    expect(storedUser()).toEqual(session.user);
  });
});
