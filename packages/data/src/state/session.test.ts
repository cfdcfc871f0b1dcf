import { createPageStore, type Store } from '../cache/queryClient';
import { beforeEach, describe, expect, it } from 'vitest';
import { api, DEMO_ACCOUNT, signToken, startMockServer, stopMockServer, withMockServer } from '../test-support';
import type { User } from '@murmur/mock-api-contract';
import { toggleFollowAtom } from './users';
import { createPostAtom, toggleBookmarkAtom } from './posts';
import { postsStateAtom } from './stateFields';
import { loginAtom, logoutAtom, restoreSession, SESSION_ENDED, SESSION_NOT_SAVED, sessionAtom } from './session';

withMockServer();

let store: Store;
beforeEach(() => {
  store = createPageStore();
});

async function demoUser(): Promise<{ token: string; user: User }> {
  const { data } = await api.post('/auth/login', { username: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password });
  return { token: data.encodedToken, user: data.foundUser };
}

describe('loginAtom', () => {
  it('goes pending, then fulfilled with token and user stored and persisted', async () => {
    const pending = store.set(loginAtom, { username: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password });
    expect(store.get(sessionAtom).status).toBe('pending');
    expect(await pending).toEqual({ ok: true });
    const session = store.get(sessionAtom);
    expect(session.status).toBe('fulfilled');
    expect(session.error).toBeNull();
    expect(session.user?.username).toBe(DEMO_ACCOUNT.username);
    expect(localStorage.getItem('token')).toBe(session.token);
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(session.user);
  });

  it('goes rejected with the message on a wrong password, storing nothing', async () => {
    const result = await store.set(loginAtom, { username: DEMO_ACCOUNT.email, password: 'nope' });
    expect(result).toEqual({ ok: false, error: 'The credentials you entered are invalid. Unauthorized access error.' });
    expect(store.get(sessionAtom)).toEqual({
      token: null,
      user: null,
      status: 'rejected',
      error: 'The credentials you entered are invalid. Unauthorized access error.',
    });
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('goes rejected for an unknown account', async () => {
    const result = await store.set(loginAtom, { username: 'x@example.com', password: 'nope' });
    expect(result).toEqual({ ok: false, error: 'The username you entered is not Registered. Not Found error' });
  });
});

describe('restoreSession', () => {
  it('restores a valid stored pair and uses its token for calls', async () => {
    const { token, user } = await demoUser();
    localStorage.setItem('token', token);
    localStorage.setItem('user', JSON.stringify(user));
    expect(restoreSession(store)).toBe(true);
    expect(store.get(sessionAtom)).toMatchObject({ token, user, status: 'fulfilled' });
    expect(store.get(postsStateAtom).bookmarks).toEqual(user.bookmarks);
    expect(await store.set(createPostAtom, 'after restore')).toEqual({ ok: true });
  });

  const corrupted: [string, () => Promise<void>][] = [
    ['token only', async () => localStorage.setItem('token', (await demoUser()).token)],
    ['user only', async () => localStorage.setItem('user', JSON.stringify((await demoUser()).user))],
    [
      'unparsable user',
      async () => {
        localStorage.setItem('token', (await demoUser()).token);
        localStorage.setItem('user', '{not json');
      },
    ],
    [
      'user of the wrong shape',
      async () => {
        localStorage.setItem('token', (await demoUser()).token);
        localStorage.setItem('user', JSON.stringify({ username: 'miraokafor' }));
      },
    ],
    [
      'token of another user',
      async () => {
        localStorage.setItem('token', signToken({ _id: 'user-seed-02-tomas', username: 'tomaslind' }));
        localStorage.setItem('user', JSON.stringify((await demoUser()).user));
      },
    ],
    [
      'token that is not a JWT',
      async () => {
        localStorage.setItem('token', 'garbage');
        localStorage.setItem('user', JSON.stringify((await demoUser()).user));
      },
    ],
  ];

  for (const [name, prepare] of corrupted) {
    it(`removes a corrupted pair (${name}) and stays signed out`, async () => {
      await prepare();
      expect(restoreSession(store)).toBe(false);
      expect(store.get(sessionAtom)).toMatchObject({ token: null, user: null });
      expect(localStorage.getItem('token')).toBeNull();
      expect(localStorage.getItem('user')).toBeNull();
    });
  }

  it('answers false when nothing is stored', () => {
    expect(restoreSession(store)).toBe(false);
  });
});

describe('logoutAtom', () => {
  it('clears state (the token with it) and storage', async () => {
    await store.set(loginAtom, { username: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password });
    store.set(logoutAtom);
    expect(store.get(sessionAtom)).toEqual({ token: null, user: null, status: 'idle', error: null });
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });
});

describe('a session that is no longer valid', () => {
  it('is cleared by the check after restore when its user no longer exists', async () => {
    const { data } = await api.post('/auth/signup', {
      firstName: 'G',
      lastName: 'H',
      username: 'ghost',
      password: 'pw',
    });
    localStorage.setItem('token', data.encodedToken);
    localStorage.setItem('user', JSON.stringify(data.createdUser));
    // A reload: the in-memory data resets and the signed-up account is gone.
    stopMockServer();
    startMockServer({ delay: 0 });
    expect(restoreSession(store)).toBe(true);
    const result = await store.set(createPostAtom, 'hello');
    expect(result.ok).toBe(false);
    expect(store.get(sessionAtom).token).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('is cleared on a 401 token-invalid refusal', async () => {
    const { user } = await demoUser();
    localStorage.setItem('token', signToken(user, { secret: 'not-the-server-secret' }));
    localStorage.setItem('user', JSON.stringify(user));
    expect(restoreSession(store)).toBe(true);
    const result = await store.set(toggleFollowAtom, { _id: 'user-seed-04-jonah', username: 'jonahwhit' });
    expect(result).toEqual({ ok: false, error: 'The token is invalid. Unauthorized access error.' });
    expect(store.get(sessionAtom).user).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('is kept on other refusals', async () => {
    await store.set(loginAtom, { username: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password });
    expect(await store.set(createPostAtom, '   ')).toEqual({ ok: false, error: 'Post content cannot be empty.' });
    expect(store.get(sessionAtom).token).not.toBeNull();
  });
});

const MIRA = { username: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password };

/** A seed user Mira does not follow, as the back end says now. */
async function notFollowedByMira(): Promise<{ _id: string; username: string }> {
  const { data } = await api.get('/users');
  const mira = (data.users as User[]).find((user) => user.username === DEMO_ACCOUNT.username);
  const other = (data.users as User[]).find(
    (user) => user._id !== mira?._id && !mira?.following.some((ref) => ref._id === user._id),
  );
  if (!other) throw new Error('Mira follows everyone in the seed');
  return { _id: other._id, username: other.username };
}

/** The first post of the seed. */
async function aPostId(): Promise<string> {
  const { data } = await api.get('/posts');
  return data.posts[0]._id as string;
}

describe('the session user restored after a reload', () => {
  it(
    "is replaced by the back end's copy: a follow and a bookmark made before the reload are gone, " +
      'and pressing again works',
    async () => {
      const target = await notFollowedByMira();
      const postId = await aPostId();
      await store.set(loginAtom, MIRA);
      expect(await store.set(toggleFollowAtom, target)).toEqual({ ok: true });
      expect(await store.set(toggleBookmarkAtom, postId)).toEqual({ ok: true });
      expect(JSON.parse(localStorage.getItem('user') ?? 'null').bookmarks).toContain(postId);
      // A reload: the back end starts afresh, storage keeps the old copy.
      stopMockServer();
      startMockServer({ delay: 0 });
      const reloaded = createPageStore();
      expect(restoreSession(reloaded)).toBe(true);

      // Pressed at once, before the check is back: each press follows and bookmarks again, not a refusal.
      expect(await reloaded.set(toggleFollowAtom, target)).toEqual({ ok: true });
      expect(reloaded.get(sessionAtom).user?.following.map((ref) => ref._id)).toContain(target._id);
      expect(await reloaded.set(toggleBookmarkAtom, postId)).toEqual({ ok: true });
      expect(reloaded.get(postsStateAtom).bookmarks).toEqual([postId]);
      const { data } = await api.get(`/users/${DEMO_ACCOUNT.username}`);
      expect(data.user.following.map((ref: { _id: string }) => ref._id)).toContain(target._id);
      expect(data.user.bookmarks).toEqual([postId]);
    },
  );
});

describe('a press the back end refuses as already done (another tab did it)', () => {
  it("adopts the back end's follows instead of repeating the refusal", async () => {
    const target = await notFollowedByMira();
    await store.set(loginAtom, MIRA);
    const otherTab = createPageStore();
    await otherTab.set(loginAtom, MIRA);
    expect(await otherTab.set(toggleFollowAtom, target)).toEqual({ ok: true });

    // This tab still thinks Mira does not follow: Follow is refused as "User Already following" and adopted.
    expect(await store.set(toggleFollowAtom, target)).toEqual({ ok: true });
    expect(store.get(sessionAtom).user?.following.map((ref) => ref._id)).toContain(target._id);
    // The next press asks for the other thing, and it works.
    expect(await store.set(toggleFollowAtom, target)).toEqual({ ok: true });
    expect(store.get(sessionAtom).user?.following.map((ref) => ref._id)).not.toContain(target._id);
  });

  it("adopts the back end's bookmarks instead of repeating the refusal", async () => {
    const postId = await aPostId();
    await store.set(loginAtom, MIRA);
    const otherTab = createPageStore();
    await otherTab.set(loginAtom, MIRA);
    expect(await otherTab.set(toggleBookmarkAtom, postId)).toEqual({ ok: true });

    expect(await store.set(toggleBookmarkAtom, postId)).toEqual({ ok: true });
    expect(store.get(postsStateAtom).bookmarks).toEqual([postId]);
    expect(await store.set(toggleBookmarkAtom, postId)).toEqual({ ok: true });
    expect(store.get(postsStateAtom).bookmarks).toEqual([]);
  });
});

describe('an answer that lands after logout', () => {
  it('leaves no trace: no user back in storage or state, no bookmarks in shared state', async () => {
    const postId = await aPostId();
    const target = await notFollowedByMira();
    await store.set(loginAtom, MIRA);
    const bookmark = store.set(toggleBookmarkAtom, postId);
    const follow = store.set(toggleFollowAtom, target);
    store.set(logoutAtom);
    expect(await bookmark).toEqual({ ok: false, error: SESSION_ENDED });
    expect(await follow).toEqual({ ok: false, error: SESSION_ENDED });
    expect(store.get(sessionAtom)).toEqual({ token: null, user: null, status: 'idle', error: null });
    expect(store.get(postsStateAtom).bookmarks).toEqual([]);
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });
});

describe('a full storage at login', () => {
  it('signs the person in for this page, says the session could not be saved, and stores no half session', async () => {
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (this: Storage, key: string, value: string) {
      if (key === 'user') throw new DOMException('quota', 'QuotaExceededError');
      setItem.call(this, key, value);
    };
    try {
      expect(await store.set(loginAtom, MIRA)).toEqual({ ok: true });
    } finally {
      Storage.prototype.setItem = setItem;
    }
    expect(store.get(sessionAtom)).toMatchObject({ status: 'fulfilled', error: SESSION_NOT_SAVED });
    expect(store.get(sessionAtom).user?.username).toBe(DEMO_ACCOUNT.username);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });
});
