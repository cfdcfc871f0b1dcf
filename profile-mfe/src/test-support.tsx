/** Shared by the component tests (not itself a test): a signed-in store and the profile route around a page. */
import type { ComponentType } from 'react';
import { render } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { expect } from 'vitest';
import { DEMO_ACCOUNT, loginAtom } from '@murmur/mock-api';
import { RemoteModulesProvider, type LoadRemoteModule } from '@murmur/remote-kit';
import { ProfileApp } from './ProfileApp';

export type Store = ReturnType<typeof createStore>;

export async function signedInStore(): Promise<Store> {
  const store = createStore();
  const result = await store.set(loginAtom, { username: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password });
  expect(result).toEqual({ ok: true });
  return store;
}

/**
 * The federation boundary: in the browser this loads feed-mfe's real post list; here a stand-in takes its place,
 * so the tests are about the profile, not about feed-mfe.
 */
export function StandInPostList({ username }: { username: string }) {
  return <p>Post list of @{username}</p>;
}

export const loadStandIn: LoadRemoteModule = async <T,>(id: string) => {
  if (id !== 'murmur_feed/UserPostList') throw new Error(`unexpected module ${id}`);
  return { default: StandInPostList as ComponentType<unknown> } as T;
};

function CurrentPath() {
  return <output aria-label="Current path">{useLocation().pathname}</output>;
}

export function renderProfile(
  username: string,
  store: Store,
  load: LoadRemoteModule = loadStandIn,
): ReturnType<typeof render> {
  return render(
    <Provider store={store}>
      <RemoteModulesProvider value={load}>
        <MemoryRouter initialEntries={[`/profile/${username}`]}>
          <ProfileApp />
          <Routes>
            <Route path="*" element={<CurrentPath />} />
          </Routes>
        </MemoryRouter>
      </RemoteModulesProvider>
    </Provider>,
  );
}
