// @ts-check
import { apps, federationNameOf, remoteNames } from '@murmur/config/apps';
import { openStore } from './backends/openStore.js';
import { refusalOfRemote, refusalOfShell } from '@murmur/release-checks/promotion';
import { livePage } from './livePage.js';
import { liveStateOf, serializeLiveState } from './liveState.js';
import { manifestOf } from './manifest.js';
import { composedFilesIntegrity, loadedFilesIntegrity, releaseRecordOf } from './pageIntegrity.js';
import { switchPointers } from './pointerSwitch.js';
import { publicUrlOf } from './publicUrls.js';
import { Refusal } from './refusal.js';
import { requireRelease } from './releases.js';
import { repairStore } from './repair.js';
import { storeKeys } from './storePaths.js';

/** @typedef {import('@murmur/config/apps').AppName} AppName */
/** @typedef {import('./liveState.js').LiveState} LiveState */
/** @typedef {import('./backends/backend.js').StoreBackend} StoreBackend */
/** @typedef {Record<string, string | undefined>} Env */

export { Refusal };

/**
 * Makes `version` of `app` the live one, after checking that it fits what is live. It holds the store's lock from
 * the first read to the last write, and switches the pointers the composed app reads (remotes.json for a remote,
 * the app's live page) as one (pointerSwitch.js).
 * @param {{ store: string | StoreBackend; app: AppName; version: string; env?: Env }} options `store`: its location
 *   (a folder or s3://bucket/prefix) or its backend
 * @returns {Promise<{ version: string; replaced: string | null; repaired: string[] }>}
 */
export async function promote({ store, app, version, env = process.env }) {
  const backend = openStore(store, env);
  await requireRelease(backend, app, version);
  return backend.withLock(async () => {
    const repaired = await repairStore(backend);
    const current = await liveStateOf(backend, app);
    const previous = current ? [...current.previous, current.version].filter((v) => v !== version) : [];
    await switchTo({ backend, app, state: { version, previous }, env });
    return { version, replaced: current?.version ?? null, repaired };
  });
}

/**
 * Makes the version that was live before the current one live again, with the same checks as promote.
 * @param {{ store: string | StoreBackend; app: AppName; env?: Env }} options
 * @returns {Promise<{ version: string; replaced: string; repaired: string[] }>}
 */
export async function rollback({ store, app, env = process.env }) {
  const backend = openStore(store, env);
  return backend.withLock(async () => {
    const repaired = await repairStore(backend);
    const current = await liveStateOf(backend, app);
    const target = current?.previous.at(-1);
    if (!current || !target) throw new Refusal(`${app} has no earlier live version to roll back to`);
    await switchTo({ backend, app, state: { version: target, previous: current.previous.slice(0, -1) }, env });
    return { version: target, replaced: current.version, repaired };
  });
}

/**
 * @param {{ backend: StoreBackend; app: AppName; state: LiveState; env: Env }} options
 */
async function switchTo({ backend, app, state, env }) {
  const { version } = state;
  await checkFits({ backend, app, version });
  /** @type {{ file: string; content: string }[]} */
  const writes = [];
  if (app !== 'shell')
    writes.push({ file: storeKeys.remotesPointer, content: await remotesJson(backend, env, { [app]: version }) });
  const page = await backend.read(`${app}/${version}/index.html`);
  if (page !== null) {
    const versionPath = `${new URL(publicUrlOf(app, env)).pathname}${version}/`;
    const integrity = loadedFilesIntegrity(await releaseRecordOf(backend, app, version));
    writes.push({ file: storeKeys.livePage(app), content: livePage(page, versionPath, integrity) });
  }
  writes.push({ file: storeKeys.liveState(app), content: serializeLiveState(state) });
  await switchPointers(backend, { app, version, writes });
}

/**
 * @param {{ backend: StoreBackend; app: AppName; version: string }} options
 */
async function checkFits({ backend, app, version }) {
  await requireRelease(backend, app, version);
  const read = await manifestOf(backend, app, version);
  if ('problem' in read) throw new Refusal(`${app} ${version}: ${read.problem}`);
  const expectedName = federationNameOf(app);
  /** @type {string | null} */
  let refusal;
  if (app === 'shell') {
    const liveRemotes = [];
    for (const remoteApp of remoteNames) {
      const live = await liveManifest(backend, remoteApp);
      if (live) liveRemotes.push({ label: `${remoteApp} ${live.version}`, manifest: live.manifest });
    }
    refusal = refusalOfShell(read.manifest, { expectedName, liveRemotes });
  } else {
    const shell = await liveManifest(backend, 'shell');
    if (!shell) throw new Refusal(`no shell is live in ${backend.location}; promote the shell first`);
    const consumed = apps[/** @type {import('@murmur/config/apps').RemoteName} */ (app)].consumed;
    refusal = refusalOfRemote(read.manifest, { expectedName, consumed, shell: shell.manifest });
  }
  if (refusal) throw new Refusal(`${app} ${version}: ${refusal}`);
  if (app === 'shell' && !(await backend.has(`${app}/${version}/index.html`)))
    throw new Refusal(`${app} ${version}: it has no index.html`);
}

/**
 * @param {StoreBackend} backend
 * @param {AppName} app
 */
async function liveManifest(backend, app) {
  const live = await liveStateOf(backend, app);
  if (!live) return null;
  const read = await manifestOf(backend, app, live.version);
  return 'manifest' in read ? { version: live.version, manifest: read.manifest } : null;
}

/**
 * The shell's remotes.json: where each live remote's manifest is, inside its version folder, so that a page keeps
 * loading the version it started with whatever is promoted after; and, under `integrity`, the hash recorded at
 * release of every file of those versions a composed page may load, by its URL (docs/deploying.md, "What the
 * browser checks").
 * @param {StoreBackend} backend
 * @param {Env} env
 * @param {Partial<Record<AppName, string>>} changes versions about to go live
 */
async function remotesJson(backend, env, changes) {
  /** @type {Record<string, string>} */
  const locations = {};
  /** @type {Record<string, string>} */
  const integrity = {};
  for (const app of remoteNames) {
    const version = changes[app] ?? (await liveStateOf(backend, app))?.version;
    if (!version) continue;
    const folder = `${publicUrlOf(app, env)}${version}/`;
    locations[app] = `${folder}mf-manifest.json`;
    for (const [file, hash] of Object.entries(composedFilesIntegrity(await releaseRecordOf(backend, app, version))))
      integrity[`${folder}${file}`] = hash;
  }
  return `${JSON.stringify({ ...locations, integrity }, null, 2)}\n`;
}
