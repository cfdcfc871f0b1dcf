import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createPageStore, loginAtom } from '@murmur/data';
import { DEMO_ACCOUNT } from '@murmur/mock-api';
import { signedInStore, startedStore, withMockServer } from '@murmur/test-kit';
import { renderShell } from '../test-support';

const path = () => screen.getByTestId('path');

describe('the route guard', () => {
  withMockServer();

  describe('without a session', () => {
    it.each(['/', '/bookmark', '/explore', '/profile/tomaslind'])(
      'sends %s to /auth, remembering it, in place of the history entry',
      (protectedPath) => {
        renderShell([protectedPath]);
        expect(path()).toHaveTextContent(/^\/auth$/);
        expect(screen.getByRole('heading', { name: 'auth-mfe remote' })).toBeInTheDocument();
        expect(screen.getByTestId('from')).toHaveTextContent(protectedPath);
        expect(screen.getByTestId('navigation')).toHaveTextContent('REPLACE');
        expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
      },
    );

    it('leaves no way back to the protected page: Back goes to the page before it', async () => {
      const { user } = renderShell(['/somewhere-before', '/explore']);
      expect(path()).toHaveTextContent('/auth');
      await user.click(screen.getByRole('button', { name: 'Back (test)' }));
      expect(path()).toHaveTextContent('/somewhere-before');
    });

    it('keeps the query of the remembered path', () => {
      renderShell(['/explore?tab=new']);
      expect(screen.getByTestId('from')).toHaveTextContent('/explore?tab=new');
    });

    it('shows the login remote on /auth', () => {
      renderShell(['/auth']);
      expect(path()).toHaveTextContent('/auth');
      expect(screen.getByRole('heading', { name: 'auth-mfe remote' })).toBeInTheDocument();
    });

    it('takes the person to the remembered path once the login succeeds', async () => {
      const { store } = renderShell(['/profile/tomaslind']);
      expect(path()).toHaveTextContent('/auth');
      await act(() => store.set(loginAtom, { username: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password }));
      expect(path()).toHaveTextContent(/^\/profile\/tomaslind$/);
      expect(screen.getByRole('heading', { name: 'profile-mfe remote' })).toBeInTheDocument();
    });

    it('takes the person to / after a login that started on /auth', async () => {
      const { store } = renderShell(['/auth']);
      await act(() => store.set(loginAtom, { username: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password }));
      expect(path()).toHaveTextContent(/^\/$/);
      expect(screen.getByRole('heading', { name: 'feed-mfe remote' })).toBeInTheDocument();
    });

    it('stays on /auth after a refused login', async () => {
      const { store } = renderShell(['/explore']);
      await act(() => store.set(loginAtom, { username: DEMO_ACCOUNT.email, password: 'wrong' }));
      expect(path()).toHaveTextContent('/auth');
    });
  });

  describe('with a session', () => {
    it.each(['//elsewhere.example/x', '/\\evil.example', '/auth'])(
      'does not return to the remembered path %s, only to /',
      async (from) => {
        renderShell([{ pathname: '/auth', state: { from } }], await signedInStore());
        expect(path()).toHaveTextContent(/^\/$/);
      },
    );

    it('sends /auth to /', async () => {
      renderShell(['/auth'], await signedInStore());
      expect(path()).toHaveTextContent(/^\/$/);
      expect(screen.getByRole('heading', { name: 'feed-mfe remote' })).toBeInTheDocument();
    });

    it.each([
      ['/', 'feed-mfe'],
      ['/bookmark', 'feed-mfe'],
      ['/explore', 'feed-mfe'],
      ['/profile/tomaslind', 'profile-mfe'],
    ])('shows %s with the %s remote', async (route, remote) => {
      renderShell([route], await signedInStore());
      expect(path()).toHaveTextContent(route);
      expect(screen.getByRole('heading', { name: `${remote} remote` })).toBeInTheDocument();
    });
  });

  describe('an unknown path', () => {
    it('shows a not-found page with a way home, signed out', async () => {
      const { user } = renderShell(['/no/such/page']);
      expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
      await user.click(screen.getByRole('link', { name: 'Back to Murmur' }));
      // Home needs a session, so the guard takes over.
      expect(path()).toHaveTextContent('/auth');
    });

    it('shows a not-found page with the top bar and a way home, signed in', async () => {
      const { user } = renderShell(['/no/such/page'], await signedInStore());
      expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
      expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
      await user.click(screen.getByRole('link', { name: 'Back to Murmur' }));
      expect(path()).toHaveTextContent(/^\/$/);
    });
  });

  describe('the session stored at start', () => {
    it('is restored: a reload keeps the person signed in', async () => {
      await signedInStore();
      renderShell(['/explore'], startedStore());
      expect(path()).toHaveTextContent('/explore');
      expect(screen.getByRole('button', { name: 'User menu' })).toBeInTheDocument();
    });

    it.each([
      ['garbage in both keys', { token: 'not-a-token', user: '{not json' }],
      ['a token without a user', { token: 'mira' }],
      ['a user without a token', { user: 'mira' }],
      ['a user of the wrong shape', { token: 'mira', user: '{"username":"miraokafor"}' }],
      ["another account's token beside this user", { token: 'tomas', user: 'mira' }],
    ])('is cleared when corrupted (%s), and the person is sent to /auth', async (_label, stored) => {
      const mira = await storedSession(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
      const tomas = await storedSession('tomaslind', TOMAS_PASSWORD);
      localStorage.clear();
      for (const [key, value] of Object.entries(stored)) {
        const real = value === 'mira' ? mira : value === 'tomas' ? tomas : null;
        localStorage.setItem(key, real ? real[key as 'token' | 'user'] : value);
      }

      renderShell(['/bookmark'], startedStore());
      expect(path()).toHaveTextContent('/auth');
      expect(screen.getByRole('heading', { name: 'auth-mfe remote' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'User menu' })).not.toBeInTheDocument();
      expect(localStorage.getItem('token')).toBeNull();
      expect(localStorage.getItem('user')).toBeNull();
    });
  });
});

/** Seed data of the mock back end: a second account, for a token that belongs to someone else. */
const TOMAS_PASSWORD = 'fjord-lantern-7';

/** What a real login of this account leaves in localStorage. */
async function storedSession(username: string, password: string): Promise<{ token: string; user: string }> {
  localStorage.clear();
  const result = await createPageStore().set(loginAtom, { username, password });
  if (!result.ok) throw new Error(result.error);
  return { token: localStorage.getItem('token') ?? '', user: localStorage.getItem('user') ?? '' };
}
