import React, { StrictMode } from 'react';
import ReactDOMClient, { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { getDefaultStore } from 'jotai';
import { start } from 'single-spa';
import {
  mockServerOptionsFromSearch,
  recordSharedInstance,
  restoreSessionAtom,
  scaleCapNotice,
  startMockServer,
} from '@murmur/mock-api';
import { App } from './App';
import './styles.css';

// One back end per page, started by whoever boots the page; the remotes find it running.
const mockOptions = mockServerOptionsFromSearch(window.location.search);
startMockServer(mockOptions);
showNotice(scaleCapNotice(mockOptions));
recordSharedInstance('react', React);
recordSharedInstance('react-dom/client', ReactDOMClient);
getDefaultStore().set(restoreSessionAtom);
// single-spa's patched history API turns each pushState into a popstate, which every React root's router hears.
start({ urlRerouteOnly: true });

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>,
);

/** A small status line outside React, so it shows whatever the app does. */
function showNotice(text: string | null): void {
  if (!text) return;
  const notice = document.createElement('p');
  notice.setAttribute('role', 'status');
  notice.className = 'fixed bottom-2 left-2 z-50 rounded bg-amber-100 px-3 py-1 text-sm text-amber-900 shadow';
  notice.textContent = text;
  document.body.append(notice);
}
