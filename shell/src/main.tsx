// First: the modules the shell provides, on the page before any remote's code can run.
import './federation/provideShares';
import React, { StrictMode } from 'react';
import ReactDOMClient from 'react-dom/client';
import { Provider } from 'jotai';
import { BrowserRouter } from '@murmur/router';
import { start } from 'single-spa';
import { recordSharedInstance } from '@murmur/data';
import { bootPage, recordStore } from '@murmur/remote-kit';
import { App } from './App';
import { prefetchRemotesOfLinks } from './federation/prefetchRemotes';
import { parcelHost } from './federation/parcelHost';
import { activeOverrides } from './overrides/remoteOverrides';
import { preloadOpeningRoute } from './federation/routePreload';
import { startTelemetry } from './telemetry/pageTelemetry';
import './styles.css';

// One back end per page, started by whoever boots the page; the remotes find it running. The store made here is the
// page's one store: the shell's tree reads it through the Provider, each remote gets it in its parcel props.
// An override asked for by the address is taken out of it before the router reads it, and checked meanwhile.
startTelemetry();
void activeOverrides();
const { root, store } = bootPage();
preloadOpeningRoute(store);
recordStore(store);
recordSharedInstance('react', React);
recordSharedInstance('react-dom/client', ReactDOMClient);
// single-spa's patched history API turns each pushState into a popstate, which every React root's router hears.
start({ urlRerouteOnly: true });
// Every remote is mounted under one long-lived parcel, so that each unmount releases what its mount made.
void parcelHost();
prefetchRemotesOfLinks();

root.render(
  <StrictMode>
    <Provider store={store}>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </Provider>
  </StrictMode>,
);
