/** Shared by the shell's component tests (not itself a test): the real route table with placeholder remotes. */
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, Provider } from 'jotai';
import { MemoryRouter, useLocation, useNavigate, useNavigationType, type InitialEntry } from 'react-router-dom';
import { DEMO_ACCOUNT, loginAtom, restoreSessionAtom } from '@murmur/mock-api';
import { AppRoutes } from './layout/AppRoutes';
import { TopBar } from './layout/TopBar';
import { SessionSync } from './session/SessionSync';

export type Store = ReturnType<typeof createStore>;

/** Where the router is, how it got there, and a Back button, so tests can see redirects and history. */
function LocationProbe() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  const from = (location.state as { from?: string } | null)?.from ?? '';
  return (
    <footer>
      <output data-testid="path">{location.pathname}</output>
      <output data-testid="from">{from}</output>
      <output data-testid="navigation">{navigationType}</output>
      <button type="button" onClick={() => navigate(-1)}>
        Back (test)
      </button>
    </footer>
  );
}

/**
 * The shell's top bar and routes in a MemoryRouter. Federation cannot run in jsdom, so each remote is a heading
 * naming it; the route table, guards and top bar are the real ones.
 */
export function renderShell(entries: InitialEntry[], store: Store = createStore()) {
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
        <SessionSync />
        <TopBar />
        <AppRoutes renderRemote={(remote) => <h1>{remote} remote</h1>} />
        <LocationProbe />
      </MemoryRouter>
    </Provider>,
  );
  return { store, user: userEvent.setup() };
}

/** A store as main.tsx leaves it at start: the session restored from localStorage, if any. */
export function startedStore(): Store {
  const store = createStore();
  store.set(restoreSessionAtom);
  return store;
}

/** Signs in through the real back end, which also persists the session as a login does. */
export async function signedInStore(): Promise<Store> {
  const store = createStore();
  const result = await store.set(loginAtom, { username: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password });
  if (!result.ok) throw new Error(`demo login failed: ${result.error}`);
  return store;
}
