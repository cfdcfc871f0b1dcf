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
 * The modules the shell puts on the page for every remote, each once: the singletons, and the entry points of them
 * that the apps import by a path of their own (React's JSX runtime, react-dom's client), as the federation plugin
 * shares them; a development build (React's development JSX runtime) adds its own.
 * @param {{ development: boolean }} mode
 */
export const providedModules = ({ development }) => [
  ...singletonPackages,
  'react/jsx-runtime',
  'react-dom/client',
  ...(development ? ['react/jsx-dev-runtime'] : []),
];

/**
 * The version of `name` (a package, or an entry point of one) that the app at `appRoot` was built with.
 * @param {string} appRoot the app folder, whose node_modules holds the versions it was built with
 * @param {string} name
 */
export function builtVersion(appRoot, name) {
  const packageName = name.startsWith('@') ? name.split('/').slice(0, 2).join('/') : name.split('/')[0];
  const manifest = JSON.parse(readFileSync(join(appRoot, 'node_modules', String(packageName), 'package.json'), 'utf8'));
  return String(manifest.version);
}

/**
 * A singleton as a federation config, and a manifest, state it: the exact version the app was built with and a caret
 * range it accepts from whoever provides it.
 * @param {string} appRoot
 * @param {string} name
 */
export function singletonOf(appRoot, name) {
  const version = builtVersion(appRoot, name);
  return { singleton: /** @type {const} */ (true), version, requiredVersion: `^${version}` };
}

/**
 * The one shared block of every remote's federation config: each package a singleton (`singletonOf`). The shell
 * declares none: its own code imports them plainly, and it puts them on the page itself (providedShares.js), so its
 * first load carries none of the plugin's share wrappers; its manifest still lists each (`providedModules`), and
 * promote checks each remote against that list (release-checks).
 * @param {string} appRoot the app folder, whose node_modules holds the versions it was built with
 */
export function sharedDependencies(appRoot) {
  return Object.fromEntries(singletonPackages.map((name) => [name, singletonOf(appRoot, name)]));
}
