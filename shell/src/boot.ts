import React from 'react';
import ReactDOMClient from 'react-dom/client';
import { start } from 'single-spa';
import { recordSharedInstance } from '@murmur/data';
import { bootPage, recordStore } from '@murmur/remote-kit';
import { prefetchRemotesOfLinks } from './federation/prefetchRemotes';
import { parcelHost } from './federation/parcelHost';
import { activeOverrides } from './overrides/remoteOverrides';
import { preloadOpeningRoute } from './federation/routePreload';
import { startTelemetry } from './telemetry/pageTelemetry';

/** The page once booted: its React root and its one store. */
type Page = ReturnType<typeof bootPage>;

let booted: Page | undefined;

/** The page the `pageAndStore` step made; a step before it cannot have it. */
function page(): Page {
  if (!booted) throw new Error("a step of the boot needs the page before the 'pageAndStore' step made it");
  return booted;
}

// The page's boot, its steps in the order they run, each named and with why it is there (a comment: the page need
// not carry it). The modules the shell provides are on the page before any of these (main.tsx imports
// provideShares.ts first), so that no remote's code can run without them.
const bootSteps: readonly (() => void)[] = [
  // First, so that an error or a load of any later step is reported.
  function telemetry() {
    startTelemetry();
  },
  // Takes an override out of the address before the router reads it, and checks it meanwhile.
  function overrides() {
    void activeOverrides();
  },
  // One back end and one store per page: the shell's tree reads it, each remote gets it in its parcel props.
  function pageAndStore() {
    booted = bootPage();
  },
  // Asks for the opening route's remote and data now, not after the shell has rendered.
  function openingRoute() {
    preloadOpeningRoute(page().store);
  },
  // Reports the page's store, so that browser tests can prove the page holds one.
  function storeRecord() {
    recordStore(page().store);
  },
  // Reports the shell's React, so that browser tests can prove the page runs one.
  function reactRecord() {
    recordSharedInstance('react', React);
  },
  // Reports the shell's react-dom client, as React's.
  function reactDomRecord() {
    recordSharedInstance('react-dom/client', ReactDOMClient);
  },
  // single-spa's patched history API turns each pushState into a popstate, which every React root's router hears.
  function singleSpa() {
    start({ urlRerouteOnly: true });
  },
  // Every remote is mounted under one long-lived parcel, so that each unmount releases what its mount made.
  function remotesHost() {
    void parcelHost();
  },
  // Fetches a link's remote as the pointer rests on it: the click follows within a few hundred ms.
  function linkPrefetch() {
    void prefetchRemotesOfLinks();
  },
];

/** Runs the boot's steps in order; answers the page they booted, for main.tsx to render the shell into. */
export function boot(): Page {
  for (const step of bootSteps) step();
  return page();
}
