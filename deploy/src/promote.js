// @ts-check
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { consumedModules, federationNameOf, remoteEntries } from './apps.js';
import { refusalOfRemote, refusalOfShell } from './checks.js';
import { livePage } from './livePage.js';
import { readLiveState, writeLiveState } from './liveState.js';
import { readManifest } from './manifest.js';
import { publicUrlOf } from './publicUrls.js';
import { storeLayout } from './storePaths.js';
import { writeAtomically } from './writeAtomically.js';

/** @typedef {import('./apps.js').AppName} AppName */

/** A promotion that the checks turned down; the live version is untouched. */
export class Refusal extends Error {}

/**
 * Makes `version` of `app` the live one, after checking that it fits what is live: the switch is one rename of the
 * pointer the composed app reads (remotes.json for a remote, the shell's page for the shell).
 * @param {{ store: string; app: AppName; version: string; env?: Record<string, string | undefined> }} options
 * @returns {{ version: string; replaced: string | null }}
 */
export function promote({ store, app, version, env = process.env }) {
  const current = readLiveState(store, app);
  checkFits({ store, app, version });
  switchPointers({ store, app, version, env });
  const previous = current ? [...current.previous, current.version].filter((v) => v !== version) : [];
  writeLiveState(store, app, { version, previous });
  return { version, replaced: current?.version ?? null };
}

/**
 * Makes the version that was live before the current one live again, with the same checks as promote.
 * @param {{ store: string; app: AppName; env?: Record<string, string | undefined> }} options
 * @returns {{ version: string; replaced: string }}
 */
export function rollback({ store, app, env = process.env }) {
  const current = readLiveState(store, app);
  const target = current?.previous.at(-1);
  if (!current || !target) throw new Refusal(`${app} has no earlier live version to roll back to`);
  checkFits({ store, app, version: target });
  switchPointers({ store, app, version: target, env });
  writeLiveState(store, app, { version: target, previous: current.previous.slice(0, -1) });
  return { version: target, replaced: current.version };
}

/**
 * @param {{ store: string; app: AppName; version: string }} options
 */
function checkFits({ store, app, version }) {
  const layout = storeLayout(store);
  const dir = layout.versionDir(app, version);
  if (!existsSync(dir)) throw new Refusal(`${app} has no release ${version} in ${store}`);
  const read = readManifest(dir);
  if ('problem' in read) throw new Refusal(`${app} ${version}: ${read.problem}`);
  const expectedName = federationNameOf(app);
  /** @type {string | null} */
  let refusal;
  if (app === 'shell') {
    const liveRemotes = remoteEntries().flatMap(([, remoteApp]) => {
      const live = liveManifest(store, remoteApp);
      return live ? [{ label: `${remoteApp} ${live.version}`, manifest: live.manifest }] : [];
    });
    refusal = refusalOfShell(read.manifest, { expectedName, liveRemotes });
  } else {
    const shell = liveManifest(store, 'shell');
    if (!shell) throw new Refusal(`no shell is live in ${store}; promote the shell first`);
    const consumed = consumedModules[/** @type {import('./apps.js').RemoteName} */ (expectedName)];
    refusal = refusalOfRemote(read.manifest, { expectedName, consumed, shell: shell.manifest });
  }
  if (refusal) throw new Refusal(`${app} ${version}: ${refusal}`);
  if (!existsSync(join(dir, 'index.html')) && app === 'shell')
    throw new Refusal(`${app} ${version}: it has no index.html`);
}

/**
 * @param {string} store
 * @param {AppName} app
 */
function liveManifest(store, app) {
  const live = readLiveState(store, app);
  if (!live) return null;
  const read = readManifest(storeLayout(store).versionDir(app, live.version));
  return 'manifest' in read ? { version: live.version, manifest: read.manifest } : null;
}

/**
 * @param {{ store: string; app: AppName; version: string; env: Record<string, string | undefined> }} options
 */
function switchPointers({ store, app, version, env }) {
  const layout = storeLayout(store);
  if (app !== 'shell') writeAtomically(layout.remotesPointer, remotesJson(store, env, { [app]: version }));
  const page = join(layout.versionDir(app, version), 'index.html');
  if (existsSync(page)) {
    const versionPath = `${new URL(publicUrlOf(app, env)).pathname}${version}/`;
    writeAtomically(layout.livePage(app), livePage(readFileSync(page, 'utf8'), versionPath));
  }
}

/**
 * The shell's remotes.json: where each live remote's manifest is, inside its version folder, so that a page keeps
 * loading the version it started with whatever is promoted after.
 * @param {string} store
 * @param {Record<string, string | undefined>} env
 * @param {Partial<Record<AppName, string>>} changes versions about to go live
 */
function remotesJson(store, env, changes) {
  /** @type {Record<string, string>} */
  const locations = {};
  for (const [name, app] of remoteEntries()) {
    const version = changes[app] ?? readLiveState(store, app)?.version;
    if (version) locations[name] = `${publicUrlOf(app, env)}${version}/mf-manifest.json`;
  }
  return `${JSON.stringify(locations, null, 2)}\n`;
}
