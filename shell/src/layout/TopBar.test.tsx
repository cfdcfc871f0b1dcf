import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionAtom } from '@murmur/data';
import { DEMO_ACCOUNT } from '@murmur/mock-api';
import { signedInStore, withMockServer } from '@murmur/test-kit';
import { renderShell } from '../test-support';

const path = () => screen.getByTestId('path');
const topBar = () => screen.getByRole('navigation', { name: 'Main' });
const menuButton = () => screen.getByRole('button', { name: 'User menu' });

describe('the top bar', () => {
  withMockServer();

  it('is not there without a session', () => {
    renderShell(['/auth']);
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(screen.queryByText('Murmur')).not.toBeInTheDocument();
  });

  it('shows the brand, the three links and the user picture as the menu button', async () => {
    renderShell(['/'], await signedInStore());
    expect(within(topBar()).getByRole('link', { name: 'Murmur' })).toHaveAttribute('href', '/');
    expect(within(topBar()).getByRole('link', { name: 'NewsFeed' })).toHaveAttribute('href', '/');
    expect(within(topBar()).getByRole('link', { name: 'Bookmark' })).toHaveAttribute('href', '/bookmark');
    expect(within(topBar()).getByRole('link', { name: 'Explore' })).toHaveAttribute('href', '/explore');
    const picture = menuButton().querySelector('img');
    expect(picture?.getAttribute('src')).toBeTruthy();
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
  });

  it.each([
    ['/', 'NewsFeed'],
    ['/bookmark', 'Bookmark'],
    ['/explore', 'Explore'],
  ])('marks the current link on %s', async (route, current) => {
    renderShell([route], await signedInStore());
    for (const name of ['NewsFeed', 'Bookmark', 'Explore']) {
      const link = within(topBar()).getByRole('link', { name });
      if (name === current) expect(link).toHaveAttribute('aria-current', 'page');
      else expect(link).not.toHaveAttribute('aria-current');
    }
  });

  it('marks no link on a profile page', async () => {
    renderShell(['/profile/tomaslind'], await signedInStore());
    expect(within(topBar()).queryByRole('link', { current: 'page' })).not.toBeInTheDocument();
  });

  it('navigates with its links', async () => {
    const { user } = renderShell(['/'], await signedInStore());
    await user.click(within(topBar()).getByRole('link', { name: 'Explore' }));
    expect(path()).toHaveTextContent('/explore');
    expect(within(topBar()).getByRole('link', { name: 'Explore' })).toHaveAttribute('aria-current', 'page');
  });
});

describe('the user menu', () => {
  withMockServer();

  it('opens from the keyboard on the first item, moves with the arrows, and Escape gives focus back', async () => {
    const { user } = renderShell(['/'], await signedInStore());
    menuButton().focus();
    await user.keyboard('{Enter}');
    const menu = screen.getByRole('menu', { name: 'User menu' });
    expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Your Profile', 'Log out']);
    expect(within(menu).getByRole('menuitem', { name: 'Your Profile' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'Log out' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'Your Profile' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(within(menu).getByRole('menuitem', { name: 'Log out' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(menuButton()).toHaveFocus();
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens on the last item with ArrowUp', async () => {
    const { user } = renderShell(['/'], await signedInStore());
    menuButton().focus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Log out' })).toHaveFocus();
  });

  it('closes on a click elsewhere', async () => {
    const { user } = renderShell(['/'], await signedInStore());
    await user.click(menuButton());
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await user.click(screen.getByRole('heading', { name: 'feed-mfe remote' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('"Your Profile" goes to the own profile', async () => {
    const { user } = renderShell(['/explore'], await signedInStore());
    await user.click(menuButton());
    await user.click(screen.getByRole('menuitem', { name: 'Your Profile' }));
    expect(path()).toHaveTextContent(`/profile/${DEMO_ACCOUNT.username}`);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('"Log out" by keyboard clears the session and its storage and goes to /auth', async () => {
    const { store, user } = renderShell(['/bookmark'], await signedInStore());
    expect(localStorage.getItem('token')).not.toBeNull();
    menuButton().focus();
    await user.keyboard('{Enter}{ArrowDown}{Enter}');

    expect(path()).toHaveTextContent(/^\/auth$/);
    expect(screen.getByRole('heading', { name: 'auth-mfe remote' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(store.get(sessionAtom)).toMatchObject({ token: null, user: null });
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    // The next login starts from / rather than from the page that was open at logout.
    expect(screen.getByTestId('from')).toBeEmptyDOMElement();
  });

  it('follows a logout in another tab', async () => {
    renderShell(['/explore'], await signedInStore());
    act(() => {
      localStorage.clear();
      window.dispatchEvent(new StorageEvent('storage', { key: 'token', storageArea: localStorage }));
    });
    expect(path()).toHaveTextContent('/auth');
  });
});
