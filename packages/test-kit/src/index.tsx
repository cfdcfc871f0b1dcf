/** What the component tests of every app share (not itself a test). Each test gets the real mock back end. */
import type { ReactNode } from 'react';
import axios from 'axios';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'jotai';
import { MemoryRouter, useLocation, useNavigate, useNavigationType, type InitialEntry } from 'react-router-dom';
import { afterEach, beforeEach } from 'vitest';
import { createPageStore, loginAtom, restoreSession } from '@murmur/data';
import { DEMO_ACCOUNT, startMockServer, stopMockServer } from '@murmur/mock-api';
import { RemoteModulesProvider, type LoadRemoteModule } from '@murmur/remote-kit';

export type Store = ReturnType<typeof createPageStore>;

/**
 * A fresh back end, without its delay, for every test of the file or block that calls this. Each test's stores are
 * its own, each with its own query cache (`createPageStore`), so no test sees another's pages.
 */
export function withMockServer(): void {
  beforeEach(() => {
    startMockServer({ delay: 0 });
  });
  afterEach(() => {
    stopMockServer();
  });
}

/** A store as a page leaves it at start: its own query cache, the session restored from localStorage, if any. */
export function startedStore(): Store {
  const store = createPageStore();
  restoreSession(store);
  return store;
}

/** Signs in as the demo user through the real back end, which also persists the session as a login does. */
export async function signedInStore(): Promise<Store> {
  const store = createPageStore();
  const result = await store.set(loginAtom, { username: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password });
  if (!result.ok) throw new Error(`demo login failed: ${result.error}`);
  return store;
}

/**
 * Where the router is, how it got there, and a Back button, so tests can see links, redirects and history (plain spans,
 * not live regions, so they never pass for a screen's status).
 */
function LocationProbe() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  const from = (location.state as { from?: string } | null)?.from ?? '';
  return (
    <footer>
      <span data-testid="path">{location.pathname}</span>
      <span data-testid="from">{from}</span>
      <span data-testid="navigation">{navigationType}</span>
      <button type="button" onClick={() => navigate(-1)}>
        Back (test)
      </button>
    </footer>
  );
}

interface RenderOptions {
  /** How the screen loads other remotes' modules; tests of a screen that uses none leave it out. */
  loadRemoteModule?: LoadRemoteModule;
}

/**
 * Renders `ui` in a MemoryRouter at `at` (a path, or a history whose last entry is current), with `store`, and the
 * location probe beside it.
 */
export function renderAt(
  at: string | InitialEntry[],
  ui: ReactNode,
  store: Store = createPageStore(),
  { loadRemoteModule }: RenderOptions = {},
) {
  const entries = typeof at === 'string' ? [at] : at;
  const routed = (
    <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
      {ui}
      <LocationProbe />
    </MemoryRouter>
  );
  const result = render(
    <Provider store={store}>
      {loadRemoteModule ? <RemoteModulesProvider value={loadRemoteModule}>{routed}</RemoteModulesProvider> : routed}
    </Provider>,
  );
  return { ...result, store, user: userEvent.setup() };
}

/** Acts as another seeded user straight against the API, as a second browser would. */
export async function asOtherUser(username: string, password: string) {
  const api = axios.create({ baseURL: '/api' });
  const { data } = await api.post<{ encodedToken: string }>('/auth/login', { username, password });
  api.defaults.headers.common.authorization = data.encodedToken;
  return api;
}

export const TOMAS = { username: 'tomaslind', password: 'fjord-lantern-7' } as const;
