import React, { StrictMode } from 'react';
import ReactDOMClient, { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { getDefaultStore } from 'jotai';
import { start } from 'single-spa';
import { mockServerOptionsFromSearch, recordSharedInstance, restoreSessionAtom, startMockServer } from '@murmur/mock-api';
import { App } from './App';
import './styles.css';

// One back end per page, started by whoever boots the page; the remotes find it running.
startMockServer(mockServerOptionsFromSearch(window.location.search));
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
