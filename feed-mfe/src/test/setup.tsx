/** Shared by the component tests (not itself a test): the real mock server and a fresh signed-in store per test. */
import type { ReactNode } from 'react';
import axios from 'axios';
import { createStore, Provider } from 'jotai';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { DEMO_ACCOUNT, loginAtom, logoutAtom, startMockServer, stopMockServer } from '@murmur/mock-api';

export type Store = ReturnType<typeof createStore>;

export function withMockServer(): void {
  beforeEach(() => {
    startMockServer({ delay: 0 });
  });
  afterEach(() => {
    stopMockServer();
  });
}

export async function signedInStore(): Promise<Store> {
  const store = createStore();
  const result = await store.set(loginAtom, { username: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password });
  if (!result.ok) throw new Error(`demo login failed: ${result.error}`);
  return store;
}

export function signOut(store: Store): void {
  store.set(logoutAtom);
}

function CurrentPath() {
  return <div data-testid="current-path">{useLocation().pathname}</div>;
}

/** Renders `ui` at `path`, on every route, with the given store; the current path is readable for link checks. */
export function renderAt(path: string, ui: ReactNode, store: Store) {
  return render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="*" element={ui} />
        </Routes>
        <CurrentPath />
      </MemoryRouter>
    </Provider>,
  );
}

/** The card of the post whose author is `username` (cards are named by their author). */
export const cardBy = (username: string) => screen.getByRole('article', { name: username });
export const findCardBy = (username: string) => screen.findByRole('article', { name: username });

export const authorsInOrder = () =>
  screen.getAllByRole('article').map((article) => within(article).getAllByRole('link')[0]?.textContent);

/** Acts as another seeded user straight against the API, as a second browser would. */
export async function asOtherUser(username: string, password: string) {
  const api = axios.create({ baseURL: '/api' });
  const { data } = await api.post<{ encodedToken: string }>('/auth/login', { username, password });
  api.defaults.headers.common.authorization = data.encodedToken;
  return api;
}

export const TOMAS = { username: 'tomaslind', password: 'fjord-lantern-7' } as const;
