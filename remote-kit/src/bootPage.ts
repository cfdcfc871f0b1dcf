import { createRoot } from 'react-dom/client';
import { getDefaultStore } from 'jotai';
import { mockServerOptionsFromSearch, restoreSessionAtom, startMockServer } from '@murmur/mock-api';

/**
 * What a page does first, whoever boots it (the shell, or a remote running alone): start the page's one back end,
 * restore the stored session, and make the React root.
 */
export function bootPage() {
  startMockServer(mockServerOptionsFromSearch(window.location.search));
  const store = getDefaultStore();
  store.set(restoreSessionAtom);
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  return { root: createRoot(container), store };
}
