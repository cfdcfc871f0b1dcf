// @ts-check
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { apps, federationNameOf, remoteNames } from '@murmur/config/apps';
import { refusalOfRemote, refusalOfShell } from './checks.js';
import { livePage } from './livePage.js';
import { withStoreLock } from './lock.js';
import { readLiveState, serializeLiveState } from './liveState.js';
import { readManifest } from './manifest.js';
import { switchPointers } from './pointerSwitch.js';
import { publicUrlOf } from './publicUrls.js';
import { Refusal } from './refusal.js';
import { repairStore } from './repair.js';
import { releaseFolder, storeLayout } from './storePaths.js';

/** @typedef {import('@murmur/config/apps').AppName} AppName */
/** @typedef {import('./liveState.js').LiveState} LiveState */
/** @typedef {Record<string, string | undefined>} Env */

export { Refusal };

/**
 * Makes `version` of `app` the live one, after checking that it fits what is live. It holds the store's lock from
 * the first read to the last write, and switches the pointers the composed app reads (remotes.json for a remote,
 * the app's live page) as one (pointerSwitch.js).
 * @param {{ store: string; app: AppName; version: string; env?: Env }} options
 * @returns {Promise<{ version: string; replaced: string | null; repaired: string[] }>}
 */
export async function promote({ store, app, version, env = process.env }) {
  releaseFolder(store, app, version);
  return withStoreLock(
    store,
    () => {
      const repaired = repairStore(store);
      const current = readLiveState(store, app);
      const previous = current ? [...current.previous, current.version].filter((v) => v !== version) : [];
      switchTo({ store, app, state: { version, previous }, env });
      return { version, replaced: current?.version ?? null, repaired };
    },
    { env },
  );
}

/**
 * Makes the version that was live before the current one live again, with the same checks as promote.
 * @param {{ store: string; app: AppName; env?: Env }} options
 * @returns {Promise<{ version: string; replaced: string; repaired: string[] }>}
 */
export async function rollback({ store, app, env = process.env }) {
  return withStoreLock(
    store,
    () => {
      const repaired = repairStore(store);
      const current = readLiveState(store, app);
      const target = current?.previous.at(-1);
      if (!current || !target) throw new Refusal(`${app} has no earlier live version to roll back to`);
      switchTo({ store, app, state: { version: target, previous: current.previous.slice(0, -1) }, env });
      return { version: target, replaced: current.version, repaired };
    },
    { env },
  );
}

/**
 * @param {{ store: string; app: AppName; state: LiveState; env: Env }} options
 */
function switchTo({ store, app, state, env }) {
  const { version } = state;
  checkFits({ store, app, version });
  const layout = storeLayout(store);
  /** @type {{ file: string; content: string }[]} */
  const writes = [];
  if (app !== 'shell')
    writes.push({ file: layout.remotesPointer, content: remotesJson(store, env, { [app]: version }) });
  const page = join(layout.versionDir(app, version), 'index.html');
  if (existsSync(page)) {
    const versionPath = `${new URL(publicUrlOf(app, env)).pathname}${version}/`;
    writes.push({ file: layout.livePage(app), content: livePage(readFileSync(page, 'utf8'), versionPath) });
  }
  writes.push({ file: layout.liveState(app), content: serializeLiveState(state) });
  switchPointers(store, {
    app,
    version,
    writes: writes.map(({ file, content }) => ({ file: relative(store, file), content })),
  });
}

/**
 * @param {{ store: string; app: AppName; version: string }} options
 */
function checkFits({ store, app, version }) {
  const dir = releaseFolder(store, app, version);
  const read = readManifest(dir);
  if ('problem' in read) throw new Refusal(`${app} ${version}: ${read.problem}`);
  const expectedName = federationNameOf(app);
  /** @type {string | null} */
  let refusal;
  if (app === 'shell') {
    const liveRemotes = remoteNames.flatMap((remoteApp) => {
      const live = liveManifest(store, remoteApp);
      return live ? [{ label: `${remoteApp} ${live.version}`, manifest: live.manifest }] : [];
    });
    refusal = refusalOfShell(read.manifest, { expectedName, liveRemotes });
  } else {
    const shell = liveManifest(store, 'shell');
    if (!shell) throw new Refusal(`no shell is live in ${store}; promote the shell first`);
    const consumed = apps[/** @type {import('@murmur/config/apps').RemoteName} */ (app)].consumed;
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
 * The shell's remotes.json: where each live remote's manifest is, inside its version folder, so that a page keeps
 * loading the version it started with whatever is promoted after.
 * @param {string} store
 * @param {Env} env
 * @param {Partial<Record<AppName, string>>} changes versions about to go live
 */
function remotesJson(store, env, changes) {
  /** @type {Record<string, string>} */
  const locations = {};
  for (const app of remoteNames) {
    const version = changes[app] ?? readLiveState(store, app)?.version;
    if (version) locations[app] = `${publicUrlOf(app, env)}${version}/mf-manifest.json`;
  }
  return `${JSON.stringify(locations, null, 2)}\n`;
}
