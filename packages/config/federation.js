// @ts-check
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Packages that must exist once per page. Whole packages only: sharing a sub-path of a workspace package makes the
 * runtime evaluate it twice.
 */
export const singletonPackages = /** @type {const} */ ([
  'react',
  'react-dom',
  // The router as the apps import it: exactly the pieces they use (packages/router/), not react-router-dom whole.
  '@murmur/router',
  'jotai',
  // The one data layer: its atoms and the client they hold must be one instance per page. Its HTTP client (axios) and
  // query cache (@tanstack/query-core, jotai-tanstack-query) are imported by it alone, so they come inside it, once
  // per page, without a share (and its proxy) of their own; so does @murmur/mock-api-contract (plain values, no state).
  '@murmur/data',
  // The one mock back end of the page: started once by whoever boots it, and auth-mfe's demo account comes from it.
  '@murmur/mock-api',
]);

/**
 * The one shared block of every app's federation config: each package a singleton, with the exact version the app
 * was built with and a caret range it accepts from whoever provides it first.
 * `eager` is the host's: it provides every singleton (promote checks each remote against them: release-checks) and
 * its first screen evaluates them all, so they come in one chunk its page names, evaluated with the page's scripts,
 * where lazy shares are a wrapper chunk each, loaded after the runtime starts. A remote keeps them lazy: its own
 * copies are only fallbacks, which the composed page never loads.
 * @param {string} appRoot the app folder, whose node_modules holds the versions it was built with
 * @param {{ eager?: boolean }} [options]
 */
export function sharedDependencies(appRoot, { eager = false } = {}) {
  /** @type {Record<string, { singleton: true; version: string; requiredVersion: string; eager?: true }>} */
  const shared = {};
  for (const name of singletonPackages) {
    const manifest = JSON.parse(readFileSync(join(appRoot, 'node_modules', name, 'package.json'), 'utf8'));
    const version = String(manifest.version);
    shared[name] = { singleton: true, version, requiredVersion: `^${version}`, ...(eager ? { eager: true } : {}) };
  }
  return shared;
}
