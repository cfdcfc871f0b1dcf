/** Shared by the shell's component tests (not itself a test): the real route table with placeholder remotes. */
import { createPageStore } from '@murmur/data';
import type { InitialEntry } from '@murmur/router';
import { renderAt, type Store } from '@murmur/test-kit';
import { AppRoutes } from './layout/AppRoutes';
import { TopBar } from './layout/TopBar';
import { SessionSync } from './session/SessionSync';

/**
 * The shell's top bar and routes at `entries`. Federation cannot run in jsdom, so each remote is a heading naming
 * it; the route table, guards and top bar are the real ones.
 */
export function renderShell(entries: InitialEntry[], store: Store = createPageStore()) {
  const { user } = renderAt(
    entries,
    <>
      <SessionSync />
      <TopBar />
      <AppRoutes renderRemote={(remote) => <h1>{remote} remote</h1>} />
    </>,
    store,
  );
  return { store, user };
}
