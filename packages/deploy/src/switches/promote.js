// @ts-check
import { consumedOf, federationNameOf, remoteNames } from '@murmur/config/apps';
import { openStore } from '../store/backends/openStore.js';
import { refusalOfRemote, refusalOfShell } from '@murmur/release-checks/promotion';
import { inlinedScripts, livePage } from '../page/livePage.js';
import { pageHtml } from '../page/pageHtml.js';
import { liveStateOf, serializeLiveState } from '../store/liveState.js';
import { manifestOf } from '../store/manifest.js';
import { liveManifestText } from '../store/liveManifest.js';
import { serializeRemotesPointer } from '../store/remotesPointer.js';
import { composedFilesIntegrity, loadedFilesIntegrity, releaseRecordOf } from '../page/pageIntegrity.js';
import { switchPointers } from './pointerSwitch.js';
import { publicUrlsForSwitch } from '../store/publicUrls.js';
import { Refusal } from '../store/refusal.js';
import { releasePage } from '../page/releasePage.js';
import { routePages } from '../page/routePages.js';
import { requireRelease } from '../store/releases.js';
import { repairStore } from './repair.js';
import { seamBreaks } from './contracts/seamBreaks.js';
import { storeKeys } from '../store/storePaths.js';

/** @typedef {import('@murmur/config/apps').AppName} AppName */
/** @typedef {import('../store/liveState.js').LiveState} LiveState */
/** @typedef {import('../store/backends/backend.js').StoreBackend} StoreBackend */
/** @typedef {Record<string, string | undefined>} Env */

/**
 * Makes `version` of `app` the live one, after checking that it fits what is live. It holds the store's lock from
 * the first read to the last write, and switches the pointers the composed app reads (remotes.json for a remote,
 * the app's live page) as one (pointerSwitch.js). With `canary` (a percent, more than 0 and less than 100), the
 * version goes live for that share of people only, the rest staying on the stable version (a remote only); without
 * it, the version is live for everyone and a canary of the app ends.
 * @param {{ store: string | StoreBackend; app: AppName; version: string; canary?: number; env?: Env }} options
 *   `store`: its location (a folder or s3://bucket/prefix) or its backend
 * @returns {Promise<{ version: string; replaced: string | null; repaired: string[] }>} `replaced`: the stable
 *   version before, or with `canary` the canary before
 */
export async function promote({ store, app, version, canary, env = process.env }) {
  const backend = openStore(store, env);
  if (canary !== undefined) checkCanaryShare(app, canary);
  await requireRelease(backend, app, version);
  return backend.withLock(async () => {
    const repaired = await repairStore(backend);
    const current = await liveStateOf(backend, app);
    if (canary !== undefined) {
      if (!current) throw new Refusal(`${app} has no stable version yet: promote one without --canary first`);
      if (current.version === version) throw new Refusal(`${app} ${version} is already live for everyone`);
      if (current.canary?.version === version && canary < current.canary.percent)
        throw new Refusal(
          `${app} ${version} is at ${current.canary.percent} %: its share only widens (rollback ends it)`,
        );
      const withdrawn = withdrawnAfter(current, { live: version });
      await switchTo({
        backend,
        app,
        state: { ...current, canary: { version, percent: canary }, withdrawn: undefined, ...withdrawn },
        env,
      });
      return { version, replaced: current.canary?.version ?? null, repaired };
    }
    const previous = current ? [...current.previous, current.version].filter((v) => v !== version) : [];
    await switchTo({ backend, app, state: { version, previous }, env });
    return { version, replaced: current?.version ?? null, repaired };
  });
}

/**
 * Widens the canary of `app` to `percent`: everyone who had the canary keeps it (cohort.js). At 100 the canary
 * version becomes the stable one, as `promote` without `--canary` makes it. A smaller share is refused: it would
 * move people back to the stable version; `rollback` ends a canary.
 * @param {{ store: string | StoreBackend; app: AppName; percent: number; env?: Env }} options
 * @returns {Promise<{ version: string; percent: number; from: number; repaired: string[] }>}
 */
export async function ramp({ store, app, percent, env = process.env }) {
  const backend = openStore(store, env);
  if (percent !== 100) checkCanaryShare(app, percent);
  return backend.withLock(async () => {
    const repaired = await repairStore(backend);
    const current = await liveStateOf(backend, app);
    const canary = current?.canary;
    if (!current || !canary) throw new Refusal(`${app} has no canary to ramp: start one with promote --canary`);
    if (percent < canary.percent)
      throw new Refusal(`${app} is at ${canary.percent} %: a ramp only widens (rollback ends the canary)`);
    /** @type {LiveState} */
    const state =
      percent === 100
        ? {
            version: canary.version,
            previous: [...current.previous, current.version].filter((v) => v !== canary.version),
          }
        : { ...current, canary: { version: canary.version, percent } };
    await switchTo({ backend, app, state, env });
    return { version: canary.version, percent, from: canary.percent, repaired };
  });
}

/**
 * Makes the version that was live before the current one live again, with the same checks as promote. During a
 * canary it ends the canary instead: everyone is on the stable version again.
 * @param {{ store: string | StoreBackend; app: AppName; env?: Env }} options
 * @returns {Promise<{ version: string; replaced: string; canaryEnded: boolean; repaired: string[] }>}
 */
export async function rollback({ store, app, env = process.env }) {
  const backend = openStore(store, env);
  return backend.withLock(async () => {
    const repaired = await repairStore(backend);
    const current = await liveStateOf(backend, app);
    if (current?.canary) {
      const withdrawn = withdrawnAfter(current, { ended: current.canary.version });
      const state = { version: current.version, previous: current.previous, ...withdrawn };
      await switchTo({ backend, app, state, env });
      return { version: current.version, replaced: current.canary.version, canaryEnded: true, repaired };
    }
    const target = current?.previous.at(-1);
    if (!current || !target) throw new Refusal(`${app} has no earlier live version to roll back to`);
    const withdrawn = withdrawnAfter(current, { ended: current.version, live: target });
    const state = { version: target, previous: current.previous.slice(0, -1), ...withdrawn };
    await switchTo({ backend, app, state, env });
    return { version: target, replaced: current.version, canaryEnded: false, repaired };
  });
}

/**
 * Ends the canary of `app` as `rollback` does (the same lock, checks and journaled switch), if it is still
 * `record.version` (a person may have replaced it meanwhile), and keeps `record` in its live state: why it ended.
 * For the canary health job's automatic rollback (health/healthJob.js).
 * @param {{ store: string | StoreBackend; app: AppName; record: import('../store/liveState.js').AutoRollback; env?: Env }} options
 * @returns {Promise<boolean>} whether it ended it
 */
export async function endCanary({ store, app, record, env = process.env }) {
  const backend = openStore(store, env);
  return backend.withLock(async () => {
    await repairStore(backend);
    const current = await liveStateOf(backend, app);
    if (!current?.canary || current.canary.version !== record.version) return false;
    await switchTo({
      backend,
      app,
      state: {
        version: current.version,
        previous: current.previous,
        autoRollback: record,
        ...withdrawnAfter(current, { ended: record.version }),
      },
      env,
    });
    return true;
  });
}

/**
 * The `withdrawn` part of an app's next live state, after a switch that takes `ended` off the air (a rollback) and
 * makes `live` live for some or all: the versions withdrawn since a version last went live for everyone, without the
 * one going live again (a promote for everyone starts the list over: it is written without one).
 * @param {LiveState} current
 * @param {{ ended?: string; live?: string }} change
 * @returns {{ withdrawn?: string[] }}
 */
function withdrawnAfter(current, { ended, live }) {
  const withdrawn = [...(current.withdrawn ?? []), ...(ended ? [ended] : [])].filter(
    (version, index, all) => version !== live && all.indexOf(version) === index,
  );
  return withdrawn.length > 0 ? { withdrawn } : {};
}

/**
 * @param {AppName} app
 * @param {number} percent
 */
function checkCanaryShare(app, percent) {
  if (app === 'shell') throw new Refusal('a canary is of a remote: the shell goes live for everyone');
  if (!Number.isFinite(percent) || percent <= 0 || percent >= 100)
    throw new Refusal(`a canary's share is a percent more than 0 and less than 100, not ${percent}`);
}

/**
 * @param {{ backend: StoreBackend; app: AppName; state: LiveState; env: Env }} options
 */
async function switchTo({ backend, app, state, env }) {
  const { version } = state;
  await checkFits({ backend, app, version });
  if (state.canary) await checkFits({ backend, app, version: state.canary.version });
  const folders = await publicUrlsForSwitch(backend, app, env);
  /** @type {{ file: string; content: string }[]} */
  const writes = [{ file: storeKeys.remotesPointer, content: await remotesJson(backend, folders, { app, state }) }];
  const read = (/** @type {string} */ file) => backend.read(`${app}/${version}/${file}`);
  if (app !== 'shell') {
    // checkFits read and checked the manifest: it is there.
    const released = /** @type {string} */ (await read('mf-manifest.json'));
    writes.push({
      file: storeKeys.liveManifest(app),
      content: liveManifestText(released, `${folders[app]}${version}/`),
    });
  }
  const page = await releasePage(read, `${app} ${version}`);
  if (page !== null) {
    const versionPath = `${new URL(folders[app]).pathname}${version}/`;
    const integrity = loadedFilesIntegrity(await releaseRecordOf(backend, app, version));
    const inlined = await inlinedScripts(page, integrity, read);
    writes.push({ file: storeKeys.livePage(app), content: pageHtml(livePage(page, versionPath, integrity, inlined)) });
  }
  // The shell's page resolved for each route's owner follows both the shell's page and remotes.json.
  const after = async (/** @type {string} */ file) =>
    writes.find((write) => write.file === file)?.content ?? (await backend.read(file));
  const live = { page: await after(storeKeys.livePage('shell')), remotes: await after(storeKeys.remotesPointer) };
  writes.push(...(await routePages(backend, live)));
  writes.push({ file: storeKeys.liveState(app), content: serializeLiveState({ ...state, publicUrl: folders[app] }) });
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
      // A canary is live too: a shell that would break it is refused as one that would break the stable version.
      for (const live of await liveManifests(backend, remoteApp))
        liveRemotes.push({ label: `${remoteApp} ${live.version}`, manifest: live.manifest });
    }
    refusal = refusalOfShell(read.manifest, { expectedName, liveRemotes });
  } else {
    // The shell has no canary: its one live manifest.
    const [shell] = await liveManifests(backend, 'shell');
    if (!shell) throw new Refusal(`no shell is live in ${backend.location}; promote the shell first`);
    const consumed = consumedOf(/** @type {import('@murmur/config/apps').RemoteName} */ (app));
    refusal = refusalOfRemote(read.manifest, { expectedName, consumed, shell: shell.manifest });
  }
  if (refusal) throw new Refusal(`${app} ${version}: ${refusal}`);
  const breaks = await seamBreaks(backend, app, version);
  if (breaks.length > 0)
    throw new Refusal(
      `${app} ${version}: it does not fit what the apps live with it use (docs/contracts.md):\n  ${breaks.join('\n  ')}`,
    );
  if (app === 'shell' && !(await backend.has(`${app}/${version}/index.html`)))
    throw new Refusal(`${app} ${version}: it has no index.html`);
}

/**
 * The manifests of an app's stable version and of its canary, where each is readable.
 * @param {StoreBackend} backend
 * @param {AppName} app
 */
async function liveManifests(backend, app) {
  const live = await liveStateOf(backend, app);
  const manifests = [];
  for (const version of live ? [live.version, ...(live.canary ? [live.canary.version] : [])] : []) {
    const read = await manifestOf(backend, app, version);
    if ('manifest' in read) manifests.push({ version, manifest: read.manifest });
  }
  return manifests;
}

/**
 * The shell's remotes.json: where each live remote's manifest is, inside its version folder, so that a page keeps
 * loading the version it started with whatever is promoted after; each remote's canary, with its share; and, under
 * `integrity`, the hash recorded at release of every file of those versions (both sides of a canary) a composed page
 * may load, by its URL (docs/serving.md, "What the browser checks").
 * @param {StoreBackend} backend
 * @param {Record<AppName, string>} folders where each app's store folder is served (store/publicUrls.js)
 * @param {{ app: AppName; state: LiveState }} changed the remote switched, and its live state about to be
 */
async function remotesJson(backend, folders, changed) {
  /** @type {Record<string, string>} */
  const locations = {};
  /** @type {import('../store/remotesPointer.js').Canaries} */
  const canaries = {};
  /** @type {Record<string, string>} */
  const integrity = {};
  /** @type {Record<string, string[]>} */
  const withdrawn = {};
  const liveOf = async (/** @type {AppName} */ app) =>
    app === changed.app ? changed.state : await liveStateOf(backend, app);
  for (const app of remoteNames) {
    const live = await liveOf(app);
    if (!live) continue;
    const stable = await composedLocation(backend, folders, app, live.version);
    locations[app] = stable.manifest;
    Object.assign(integrity, stable.integrity);
    if (live.withdrawn) withdrawn[app] = live.withdrawn.map((version) => `${folders[app]}${version}/mf-manifest.json`);
    if (!live.canary) continue;
    const canary = await composedLocation(backend, folders, app, live.canary.version);
    canaries[app] = { manifest: canary.manifest, percent: live.canary.percent };
    Object.assign(integrity, canary.integrity);
  }
  const shell = (await liveOf('shell'))?.version;
  return serializeRemotesPointer({ locations, canaries, integrity, shell, withdrawn });
}

/**
 * Where a composed page finds `app`'s release `version`: its manifest's URL, and the integrity recorded at release of
 * each of its files the page may load, by URL.
 * @param {StoreBackend} backend
 * @param {Record<AppName, string>} folders
 * @param {AppName} app
 * @param {string} version
 */
async function composedLocation(backend, folders, app, version) {
  const folder = `${folders[app]}${version}/`;
  const files = composedFilesIntegrity(await releaseRecordOf(backend, app, version));
  return {
    manifest: `${folder}mf-manifest.json`,
    integrity: Object.fromEntries(Object.entries(files).map(([file, hash]) => [`${folder}${file}`, hash])),
  };
}
