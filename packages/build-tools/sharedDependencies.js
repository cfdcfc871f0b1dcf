// @ts-check
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { singletonPackages } from '@murmur/config/federation';

/**
 * The version of `name` (a package, or an entry point of one) that the app at `appRoot` was built with.
 * @param {string} appRoot the app folder, whose node_modules holds the versions it was built with
 * @param {string} name
 */
function builtVersion(appRoot, name) {
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
