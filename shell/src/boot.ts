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

/** One step of the page's boot: its name, and what it does. */
interface BootStep {
  readonly step: string;
  readonly run: () => void;
}

let booted: Page | undefined;
/** The step running, for the error of one that needs the page too early. */
let running = '';

/** The page the `page` step made; a step before it cannot have it. */
function page(): Page {
  if (!booted) throw new Error(`the boot's '${running}' step needs the page before the 'page' step made it`);
  return booted;
}

// The page's boot, its steps in the order they run, each with why it is there (a comment: the page need not carry
// it). The modules the shell provides are on the page before any of these (main.tsx imports provideShares.ts first),
// so that no remote's code can run without them.
const bootSteps: readonly BootStep[] = [
  // First, so that an error or a load of any later step is reported.
  { step: 'telemetry', run: () => startTelemetry() },
  // Takes an override out of the address before the router reads it, and checks it meanwhile.
  { step: 'overrides', run: () => void activeOverrides() },
  // One back end and one store per page: the shell's tree reads it, each remote gets it in its parcel props.
  {
    step: 'page',
    run: () => {
      booted = bootPage();
    },
  },
  // Asks for the opening route's remote and data now, not after the shell has rendered.
  { step: 'opening route', run: () => preloadOpeningRoute(page().store) },
  // Reports the page's store, so that browser tests can prove the page holds one.
  { step: 'store record', run: () => recordStore(page().store) },
  // Reports the shell's React, so that browser tests can prove the page runs one.
  { step: 'React record', run: () => recordSharedInstance('react', React) },
  // Reports the shell's react-dom client, as React's.
  { step: 'react-dom record', run: () => recordSharedInstance('react-dom/client', ReactDOMClient) },
  // single-spa's patched history API turns each pushState into a popstate, which every React root's router hears.
  { step: 'single-spa', run: () => start({ urlRerouteOnly: true }) },
  // Every remote is mounted under one long-lived parcel, so that each unmount releases what its mount made.
  { step: 'parcel host', run: () => void parcelHost() },
  // Fetches a link's remote as the pointer rests on it: the click follows within a few hundred ms.
  { step: 'link prefetch', run: () => void prefetchRemotesOfLinks() },
];

/** Runs the boot's steps in order; answers the page they booted, for main.tsx to render the shell into. */
export function boot(): Page {
  for (const { step, run } of bootSteps) {
    running = step;
    run();
  }
  return page();
}
