// @ts-check
import { appNames } from '@murmur/config/apps';
import { openStore } from '../store/backends/openStore.js';
import { inlinedScripts, livePage } from '../page/livePage.js';
import { pageHtml } from '../page/pageHtml.js';
import { serializeLiveState } from '../store/liveState.js';
import { serializeRetiredRemotes } from '../store/retiredRemotes.js';
import { liveManifestText } from '../store/liveManifest.js';
import { loadedFilesIntegrity } from '../page/pageIntegrity.js';
import { switchPointers } from './pointerSwitch.js';
import { publicUrlsForSwitch } from '../store/publicUrls.js';
import { Refusal } from '../store/refusal.js';
import { releasePage } from '../page/releasePage.js';
import { routePages } from '../page/routePages.js';
import { requireRelease } from '../store/releases.js';
import { repairStore } from './repair.js';
import { storeKeys } from '../store/storePaths.js';
import { checkFits } from './fitChecks.js';
import { liveVersionsOf, readLiveSnapshot } from './liveSnapshot.js';
import { readReleases, recordIn, releaseIn } from './releaseData.js';
import { remotesJson } from './remotesJson.js';

/** @typedef {import('@murmur/config/apps').AppName} AppName */
/** @typedef {import('../store/liveState.js').LiveState} LiveState */
/** @typedef {import('./liveSnapshot.js').LiveSnapshot} LiveSnapshot */
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
    const live = await readLiveSnapshot(backend);
    const current = live.stateOf(app);
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
        live,
        app,
        state: { ...current, canary: { version, percent: canary }, withdrawn: undefined, ...withdrawn },
        env,
      });
      return { version, replaced: current.canary?.version ?? null, repaired };
    }
    const previous = current ? [...current.previous, current.version].filter((v) => v !== version) : [];
    await switchTo({ backend, live, app, state: { version, previous }, env });
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
    const live = await readLiveSnapshot(backend);
    const current = live.stateOf(app);
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
    await switchTo({ backend, live, app, state, env });
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
    const live = await readLiveSnapshot(backend);
    const current = live.stateOf(app);
    if (current?.canary) {
      const withdrawn = withdrawnAfter(current, { ended: current.canary.version });
      const state = { version: current.version, previous: current.previous, ...withdrawn };
      await switchTo({ backend, live, app, state, env });
      return { version: current.version, replaced: current.canary.version, canaryEnded: true, repaired };
    }
    const target = current?.previous.at(-1);
    if (!current || !target) throw new Refusal(`${app} has no earlier live version to roll back to`);
    const withdrawn = withdrawnAfter(current, { ended: current.version, live: target });
    const state = { version: target, previous: current.previous.slice(0, -1), ...withdrawn };
    await switchTo({ backend, live, app, state, env });
    return { version: target, replaced: current.version, canaryEnded: false, repaired };
  });
}

/**
 * Ends the canary of `app` as `rollback` does (the same lock, checks and journaled switch), if it is still
 * `record.version` (a person may have replaced it meanwhile), and keeps `record` in its live state: why it ended.
 * For the canary health job's automatic rollback (health/healthJob.js).
 * @param {{ store: string | StoreBackend; app: AppName; record: import('../store/liveState.js').AutoRollback;
 *   env?: Env }} options
 * @returns {Promise<boolean>} whether it ended it
 */
export async function endCanary({ store, app, record, env = process.env }) {
  const backend = openStore(store, env);
  return backend.withLock(async () => {
    await repairStore(backend);
    const live = await readLiveSnapshot(backend);
    const current = live.stateOf(app);
    if (!current?.canary || current.canary.version !== record.version) return false;
    await switchTo({
      backend,
      live,
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
 * Checks that the versions of `state` fit what is live and switches `app` to it: remotes.json, the app's live
 * manifest and live page, the shell's pages resolved for each route's owner and the app's live state, each computed
 * from the live state `live` read under the lock and the releases read here, once each. A retired remote promoted
 * leaves the list of retired remotes (store/retiredRemotes.js).
 * @param {{ backend: StoreBackend; live: LiveSnapshot; app: AppName; state: LiveState; env: Env }} options
 */
async function switchTo({ backend, live, app, state, env }) {
  const { version } = state;
  const releases = await switchReleases(backend, live, app, state);
  const data = { location: backend.location, live, releases };
  await checkFits(data, app, version);
  if (state.canary) await checkFits(data, app, state.canary.version);
  const folders = publicUrlsForSwitch(live, app, env);
  const after = (/** @type {AppName} */ other) => (other === app ? state : live.stateOf(other));
  const recordOf = (/** @type {AppName} */ other, /** @type {string} */ at) => recordIn(releases, other, at);
  /** @type {{ file: string; content: string | null }[]} */
  const writes = [{ file: storeKeys.remotesPointer, content: remotesJson({ folders, stateOf: after, recordOf }) }];
  const released = releaseIn(releases, app, version);
  if (app !== 'shell') {
    // checkFits checked the manifest: it is there.
    writes.push({
      file: storeKeys.liveManifest(app),
      content: liveManifestText(/** @type {string} */ (released.manifestText), `${folders[app]}${version}/`),
    });
  }
  const read = (/** @type {string} */ file) => backend.read(`${app}/${version}/${file}`);
  const page = await releasePage(read, `${app} ${version}`);
  /** The shell's live page as data, where this switch writes it. */
  let shellPage = null;
  if (page !== null) {
    const versionPath = `${new URL(folders[app]).pathname}${version}/`;
    const integrity = loadedFilesIntegrity(recordOf(app, version));
    const inlined = await inlinedScripts(page, integrity, read);
    const written = livePage(page, versionPath, integrity, inlined);
    writes.push({ file: storeKeys.livePage(app), content: pageHtml(written) });
    if (app === 'shell') {
      shellPage = written;
      writes.push({ file: storeKeys.livePageData, content: `${JSON.stringify(written)}\n` });
    }
  }
  const retired = live.retired.filter((remote) => remote !== app);
  // The shell's page resolved for each route's owner follows both the shell's page and remotes.json.
  writes.push(
    ...routePages({
      page: shellPage ?? live.shellPage(),
      remotes: writes[0]?.content ?? null,
      readManifest: (_, key) => releases.get(key.replace(/\/mf-manifest\.json$/, ''))?.manifestText ?? null,
      retired,
    }),
  );
  if (retired.length < live.retired.length)
    writes.push({ file: storeKeys.retiredRemotes, content: serializeRetiredRemotes(retired) });
  writes.push({ file: storeKeys.liveState(app), content: serializeLiveState({ ...state, publicUrl: folders[app] }) });
  await switchPointers(backend, { app, version, writes });
}

/**
 * The releases a switch of `app` to `state` reads, once each: those of `state` (with their published declarations),
 * and every other app's live versions (with theirs where a release of `state` publishes any, for its seams).
 * @param {StoreBackend} backend
 * @param {LiveSnapshot} live
 * @param {AppName} app
 * @param {LiveState} state
 */
async function switchReleases(backend, live, app, state) {
  /** @type {import('./releaseData.js').Releases} */
  const releases = new Map();
  const own = liveVersionsOf(state).map(({ version }) => ({ app, version }));
  await readReleases(backend, releases, own, { contracts: true });
  const published = own.some(({ version }) => {
    const { exposes, uses } = releaseIn(releases, app, version).contracts;
    return exposes !== null || uses !== null;
  });
  /** @type {{ app: AppName; version: string }[]} */
  const others = [];
  for (const other of appNames.filter((name) => name !== app)) {
    // A live state that is not one is refused where a check first needs it, as before the snapshot.
    let versions = /** @type {{ version: string }[]} */ ([]);
    try {
      versions = liveVersionsOf(live.stateOf(other));
    } catch {
      continue;
    }
    others.push(...versions.map(({ version }) => ({ app: other, version })));
  }
  await readReleases(backend, releases, others, { contracts: published });
  return releases;
}
