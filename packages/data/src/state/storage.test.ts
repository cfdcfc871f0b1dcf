import { createPageStore } from '../cache/queryClient';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEMO_ACCOUNT, signToken, withMockServer } from '../test-support';
import type { User } from '@murmur/mock-api-contract';
import { loginAtom, restoreSession, SESSION_NOT_SAVED, sessionAtom } from './session';
import { editProfileAtom } from './users';

withMockServer();
afterEach(() => vi.restoreAllMocks());

const MIRA = { username: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password };
const stored = () => ({ token: localStorage.getItem('token'), user: localStorage.getItem('user') });

/** What a login leaves in storage: the bare token and the user as JSON (docs/data-layer.md, "The stored session"). */
async function storedByLogin(): Promise<{ token: string; user: User }> {
  await createPageStore().set(loginAtom, MIRA);
  const { token, user } = stored();
  if (!token || !user) throw new Error('the login stored no session');
  return { token, user: JSON.parse(user) as User };
}

describe('the stored session, read through its validator', () => {
  it('keeps the format of before: the bare token and the user as JSON, restored as they were written', async () => {
    const { token, user } = await storedByLogin();
    expect(token.split('.')).toHaveLength(3);
    const store = createPageStore();
    expect(restoreSession(store)).toBe(true);
    expect(store.get(sessionAtom)).toMatchObject({ token, user, status: 'fulfilled' });
  });

  const refused: [string, (pair: { token: string; user: User }) => void][] = [
    ['a user carrying a password', ({ token, user }) => store({ token, user: { ...user, password: 'murmur-demo' } })],
    ['a user whose follow list holds text', ({ token, user }) => store({ token, user: { ...user, following: ['x'] } })],
    ['a list in place of the user', ({ token, user }) => store({ token, user: [user] })],
    ['JSON null as the user', ({ token }) => store({ token, user: null })],
    ['a token stored as JSON text', ({ token, user }) => store({ token: JSON.stringify(token), user })],
    ['a token whose payload is not JSON', ({ user }) => store({ token: 'aGVsbG8.bm90IGpzb24.c2ln', user })],
    [
      'a token for another user',
      ({ user }) => store({ token: signToken({ _id: 'someone-else', username: 'x' }), user }),
    ],
  ];
  function store({ token, user }: { token: string; user: unknown }) {
    localStorage.setItem('token', token);
    localStorage.setItem('user', JSON.stringify(user));
  }

  for (const [what, corrupt] of refused) {
    it(`treats ${what} as no session: signed out, both keys removed`, async () => {
      corrupt(await storedByLogin());
      const store = createPageStore();
      expect(restoreSession(store)).toBe(false);
      expect(store.get(sessionAtom)).toMatchObject({ token: null, user: null });
      expect(stored()).toEqual({ token: null, user: null });
    });
  }

  it('reads storage as it is when the session is restored, not as the store saw it before', async () => {
    const store = createPageStore();
    expect(restoreSession(store)).toBe(false);
    const { token } = await storedByLogin();
    expect(restoreSession(store)).toBe(true);
    expect(store.get(sessionAtom).token).toBe(token);
  });
});

describe('a storage that refuses writes', () => {
  it('keeps the stored pair of before when a profile change cannot be stored; the state has the change', async () => {
    const store = createPageStore();
    await store.set(loginAtom, MIRA);
    const before = stored();
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    expect(await store.set(editProfileAtom, { bio: 'Written while the storage was full.' })).toEqual({ ok: true });
    expect(store.get(sessionAtom).user?.bio).toBe('Written while the storage was full.');
    expect(stored()).toEqual(before);
    vi.restoreAllMocks();

    const reloaded = createPageStore();
    expect(restoreSession(reloaded)).toBe(true);
    expect(reloaded.get(sessionAtom).token).toBe(before.token);
  });

  it('signs in for this page only when the browser blocks storage altogether, and finds nothing after', async () => {
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    const store = createPageStore();
    expect(await store.set(loginAtom, MIRA)).toEqual({ ok: true });
    expect(store.get(sessionAtom)).toMatchObject({ status: 'fulfilled', error: null });
    expect(restoreSession(createPageStore())).toBe(false);
  });

  it('reports a full storage at login and stores no token without its user', async () => {
    const setItem = Storage.prototype.setItem;
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key: string, value: string) {
      if (key === 'user') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      setItem.call(this, key, value);
    });
    const store = createPageStore();
    expect(await store.set(loginAtom, MIRA)).toEqual({ ok: true });
    expect(store.get(sessionAtom).error).toBe(SESSION_NOT_SAVED);
    expect(stored()).toEqual({ token: null, user: null });
  });
});
