import { createRoot } from 'react-dom/client';
import { createPageStore, restoreSession } from '@murmur/data';
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
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  return { root: createRoot(container), store };
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
