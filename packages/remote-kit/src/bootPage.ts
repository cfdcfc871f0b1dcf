import { createRoot } from 'react-dom/client';
import { createPageStore, NEW_POSTS_POLL_MS, restoreSession, startNewPostsPoller } from '@murmur/data';
import { mockServerOptionsFromSearch, scaleCapNotice, startMockServer } from '@murmur/mock-api';

/**
 * What a page does first, whoever boots it (the shell, or a remote running alone): start the page's one back end,
 * make the page's one store, with its own query cache, and restore the stored session in it, and make the React root.
 * The store is handed to every root explicitly (a Provider, and the parcel props of each remote), never found in
 * Jotai's default store.
 */
export function bootPage() {
  const mockOptions = mockServerOptionsFromSearch(window.location.search);
  startMockServer(mockOptions);
  showNotice(scaleCapNotice(mockOptions));
  const store = createPageStore();
  restoreSession(store);
  // The page asks for new posts whichever screen shows (the top bar tells of them too), for the life of the page.
  startNewPostsPoller(store, newPostsPollMs(window.location.search));
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  return { root: createRoot(container), store };
}

/**
 * How often the page asks for new posts: `?poll-new=<seconds>` in the address (the browser tests and the live bench ask
 * often), else the data layer's interval; the data layer keeps it above its floor.
 */
function newPostsPollMs(search: string): number {
  const seconds = new URLSearchParams(search).get('poll-new');
  return seconds !== null && /^\d{1,4}(\.\d{1,3})?$/.test(seconds) ? Number(seconds) * 1000 : NEW_POSTS_POLL_MS;
}

/** A small status line outside React, so it shows whatever the app does. */
function showNotice(text: string | null): void {
  if (!text) return;
  const notice = document.createElement('p');
  notice.setAttribute('role', 'status');
  notice.className = 'fixed bottom-2 left-2 z-50 rounded bg-amber-100 px-3 py-1 text-sm text-amber-900 shadow';
  notice.textContent = text;
  document.body.append(notice);
}
