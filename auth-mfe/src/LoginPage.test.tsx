import { act, screen, waitFor } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { routes } from '@murmur/config/routes';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiClient, sessionAtom, type Credentials } from '@murmur/data';
import { DEMO_ACCOUNT, startMockServer, stopMockServer } from '@murmur/mock-api';
import { renderAt, withMockServer } from '@murmur/test-kit';
import { AuthApp } from './AuthApp';

function renderAuth({ standalone = false } = {}) {
  const { store, user } = renderAt(routes.auth.path, <AuthApp standalone={standalone} />);
  return { store, user };
}

let stopRecording = () => {};

/** Watches the login calls the form makes (the real client, not a mock), to read what it sent. */
function recordLoginCalls(): Credentials[] {
  const calls: Credentials[] = [];
  const id = apiClient.interceptors.request.use((config) => {
    if (config.url?.endsWith('/auth/login')) {
      calls.push(typeof config.data === 'string' ? JSON.parse(config.data) : config.data);
    }
    return config;
  });
  stopRecording = () => apiClient.interceptors.request.eject(id);
  return calls;
}

const email = () => screen.getByLabelText('Email');
const password = () => screen.getByLabelText('Password');
const loginButton = () => screen.getByRole('button', { name: 'Login to your account' });

async function typeCredentials(user: ReturnType<typeof userEvent.setup>, address: string, secret: string) {
  await user.type(email(), address);
  await user.type(password(), secret);
}

describe('the login screen', () => {
  withMockServer();
  afterEach(() => stopRecording());

  it('has every control of the login screen with its accessible name', () => {
    renderAuth();
    expect(email()).toHaveAttribute('type', 'email');
    expect(email()).toBeRequired();
    expect(password()).toHaveAttribute('type', 'password');
    expect(password()).toBeRequired();
    const remember = screen.getByRole('checkbox', { name: 'Remember me' });
    expect(remember).not.toBeRequired();
    expect(remember).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Lost Password?' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Not registered? Create account' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Test Credentials' })).toBeInTheDocument();
    expect(loginButton()).toHaveAttribute('type', 'submit');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('fills the demo account with Test Credentials, both values visible', async () => {
    const { user } = renderAuth();
    await user.click(screen.getByRole('button', { name: 'Test Credentials' }));
    expect(email()).toHaveValue(DEMO_ACCOUNT.email);
    expect(password()).toHaveValue(DEMO_ACCOUNT.password);
    expect(password()).toHaveAttribute('type', 'text');
  });

  it('lets the person show and hide what they typed as password', async () => {
    const { user } = renderAuth();
    const toggle = screen.getByRole('button', { name: 'Show' });
    await user.click(toggle);
    expect(password()).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await user.click(toggle);
    expect(password()).toHaveAttribute('type', 'password');
  });

  it('signs in with the email as username, stores the session, and leaves navigation to the shell', async () => {
    const { store, user } = renderAuth();
    const calls = recordLoginCalls();
    await typeCredentials(user, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
    await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await user.click(loginButton());

    await waitFor(() => expect(store.get(sessionAtom).status).toBe('fulfilled'));
    expect(calls).toEqual([{ username: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password }]);
    expect(store.get(sessionAtom).user?.username).toBe(DEMO_ACCOUNT.username);
    expect(localStorage.getItem('token')).toBe(store.get(sessionAtom).token);
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toMatchObject({ username: DEMO_ACCOUNT.username });
    // Composed, the shell's redirect moves on from /auth: this root stays put.
    expect(screen.getByTestId('path')).toHaveTextContent('/auth');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says "Wrong crediential" in red on a refused login and keeps what was typed', async () => {
    const { store, user } = renderAuth();
    await typeCredentials(user, DEMO_ACCOUNT.email, 'not-the-password');
    await user.click(loginButton());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Wrong crediential');
    expect(alert).toHaveClass('text-red-600');
    expect(email()).toHaveValue(DEMO_ACCOUNT.email);
    expect(password()).toHaveValue('not-the-password');
    expect(store.get(sessionAtom)).toMatchObject({ token: null, status: 'rejected' });
    expect(localStorage.getItem('token')).toBeNull();
    expect(loginButton()).toBeEnabled();
  });

  it('refuses an unknown account the same way', async () => {
    const { user } = renderAuth();
    await typeCredentials(user, 'nobody@example.com', DEMO_ACCOUNT.password);
    await user.click(loginButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong crediential');
  });

  it('clears the failure message when the next attempt succeeds', async () => {
    const { store, user } = renderAuth();
    await typeCredentials(user, DEMO_ACCOUNT.email, 'wrong');
    await user.click(loginButton());
    await screen.findByRole('alert');
    await user.clear(password());
    await user.type(password(), DEMO_ACCOUNT.password);
    await user.click(loginButton());
    await waitFor(() => expect(store.get(sessionAtom).status).toBe('fulfilled'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  describe('while the call runs', () => {
    // A real delay, so the pending state can be seen before the answer arrives.
    beforeEach(() => {
      stopMockServer();
      startMockServer({ delay: 300 });
    });

    it('disables the button and sends one call however often it is pressed', async () => {
      const { store, user } = renderAuth();
      const calls = recordLoginCalls();
      await typeCredentials(user, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
      const form = loginButton().closest('form');
      expect(form).not.toBeNull();
      await act(async () => {
        form?.requestSubmit();
        form?.requestSubmit();
      });
      expect(loginButton()).toBeDisabled();
      expect(store.get(sessionAtom).status).toBe('pending');
      await user.keyboard('{Enter}');
      await waitFor(() => expect(store.get(sessionAtom).status).toBe('fulfilled'));
      expect(calls).toHaveLength(1);
    });
  });

  describe('alone, without the shell', () => {
    it('confirms whom the person signed in as, and can sign out again', async () => {
      const { store, user } = renderAuth({ standalone: true });
      await typeCredentials(user, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
      await user.click(loginButton());
      expect(await screen.findByRole('heading', { name: `Signed in as @${DEMO_ACCOUNT.username}` })).toBeVisible();
      expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Sign out' }));
      expect(store.get(sessionAtom).token).toBeNull();
      expect(localStorage.getItem('token')).toBeNull();
      expect(email()).toHaveValue('');
    });

    it('sends any other path to /auth', () => {
      renderAt('/', <AuthApp standalone />);
      expect(screen.getByTestId('path')).toHaveTextContent('/auth');
      expect(email()).toBeInTheDocument();
    });
  });

  it('renders nothing outside /auth in the composed app', () => {
    renderAt(
      '/explore',
      <div data-testid="auth-root">
        <AuthApp />
      </div>,
    );
    expect(screen.getByTestId('auth-root')).toBeEmptyDOMElement();
  });
});
