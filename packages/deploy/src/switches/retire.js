// @ts-check
import { appNames, usesOf } from '@murmur/config/apps';
import { openStore } from '../store/backends/openStore.js';
import { liveStateOf } from '../store/liveState.js';
import { publicUrlsForSwitch } from '../store/publicUrls.js';
import { Refusal } from '../store/refusal.js';
import { parseRemotesPointer } from '../store/remotesPointer.js';
import { serializeRetiredRemotes } from '../store/retiredRemotes.js';
import { appNamePattern, livePointersOf, storeKeys } from '../store/storePaths.js';
import { routePages } from '../page/routePages.js';
import { switchPointers } from './pointerSwitch.js';
import { repairStore } from './repair.js';
import { liveVersionsOf, readLiveSnapshot } from './liveSnapshot.js';
import { readReleases, recordIn, releaseIn } from './releaseData.js';
import { remotesJson } from './remotesJson.js';

/** @typedef {import('@murmur/config/apps').AppName} AppName */
/** @typedef {import('../store/liveState.js').LiveState} LiveState */
/** @typedef {import('../store/backends/backend.js').StoreBackend} StoreBackend */
/** @typedef {Record<string, string | undefined>} Env */

/** What a retirement's journal names as the version switched to (pointerSwitch.js): none. */
const retiredMark = 'retired';

/**
 * Lets a live remote go from the store (docs/releasing.md, "Retiring a remote"), as one switch, journaled as promote's
 * is (pointerSwitch.js), under the store's lock: remotes.json without it, the other owners' route pages written
 * again with that remotes.json, the remote added to retired.json (store/retiredRemotes.js), and its route page, live
 * manifest, live page and live state removed. Its releases stay: a promote of one brings it back. Refused, changing
 * nothing, for the shell, a name the store has no live release of, a remote in a canary, and a remote a live app loads
 * a module of. `remote` may be a name packages/config/apps.js no longer lists, once the store has it live (its
 * live.json): the order a team follows takes it out of the tree first.
 * @param {{ store: string | StoreBackend; remote: string; env?: Env }} options
 * @returns {Promise<{ version: string; repaired: string[] }>} `version`: the one that was live
 */
export async function retire({ store, remote, env = process.env }) {
  const backend = openStore(store, env);
  if (remote === 'shell') throw new Refusal('the shell is never retired: it is the page every app is loaded into');
  if (!appNamePattern.test(remote)) throw new Refusal(`${JSON.stringify(remote.slice(0, 60))} is not an app's name`);
  return backend.withLock(async () => {
    const repaired = await repairStore(backend);
    const live = await readLiveSnapshot(backend);
    const listed = appNames.includes(/** @type {never} */ (remote));
    // A name the app table no longer lists is read from the store's own record of it.
    const state = listed
      ? live.stateOf(/** @type {AppName} */ (remote))
      : await liveStateOf(backend, /** @type {AppName} */ (remote));
    if (!state) throw new Refusal(`${remote} has no live release in ${backend.location}: there is nothing to retire`);
    if (state.canary)
      throw new Refusal(
        `${remote} has a canary (${state.canary.version} at ${state.canary.percent} %): roll it back first`,
      );
    const others = await liveOthers(backend, live, remote);
    /** @type {import('./releaseData.js').Releases} */
    const releases = new Map();
    await readReleases(
      backend,
      releases,
      others.flatMap(({ app, state: other }) => liveVersionsOf(other).map(({ version }) => ({ app, version }))),
      { contracts: true },
    );
    const users = await usersOf(remote, others, releases);
    if (users.length > 0) throw new Refusal(`${remote} is in use, so it stays live: ${users.join('; ')}`);

    const folders = publicUrlsForSwitch(live, /** @type {AppName} */ (remote), env);
    const stateOf = (/** @type {AppName} */ app) => (app === remote ? null : live.stateOf(app));
    const recordOf = (/** @type {AppName} */ app, /** @type {string} */ at) => recordIn(releases, app, at);
    const remotes = remotesJson({ folders, stateOf, recordOf });
    const retired = [...live.retired.filter((name) => name !== remote), remote];
    /** @type {{ file: string; content: string | null }[]} */
    const writes = [
      { file: storeKeys.remotesPointer, content: remotes },
      ...routePages({
        page: live.shellPage(),
        remotes,
        readManifest: (_, key) => releases.get(key.replace(/\/mf-manifest\.json$/, ''))?.manifestText ?? null,
        retired,
      }),
      { file: storeKeys.retiredRemotes, content: serializeRetiredRemotes(retired) },
    ];
    for (const file of livePointersOf(remote)) if (await backend.has(file)) writes.push({ file, content: null });
    await switchPointers(backend, { app: remote, version: retiredMark, writes });
    return { version: state.version, repaired };
  });
}

/**
 * Every other app the store has live, with its live state: the app table's, and any remote remotes.json names that
 * the table no longer lists.
 * @param {StoreBackend} backend
 * @param {import('./liveSnapshot.js').LiveSnapshot} live
 * @param {string} remote
 * @returns {Promise<{ app: AppName; state: LiveState }[]>}
 */
async function liveOthers(backend, live, remote) {
  const pointer = live.remotes === null ? null : parseRemotesPointer(live.remotes, storeKeys.remotesPointer);
  const named = pointer ? [...Object.keys(pointer.locations), ...Object.keys(pointer.canaries)] : [];
  /** @type {{ app: AppName; state: LiveState }[]} */
  const others = [];
  for (const name of new Set([...appNames, ...named])) {
    if (name === remote || !appNamePattern.test(name)) continue;
    const app = /** @type {AppName} */ (name);
    const state = appNames.includes(app) ? live.stateOf(app) : await liveStateOf(backend, app);
    if (state) others.push({ app, state });
  }
  return others;
}

/**
 * What of `remote` each live app loads, one phrase each: the modules its live releases' published uses name
 * (uses.d.ts, which the shell's build prints from its route table: every remote it mounts); for a release that
 * publishes none (built before they were), what packages/config/apps.js says the app uses, which for the shell is
 * every remote the table lists: a build that cannot say is taken to load what the tree did.
 * @param {string} remote
 * @param {{ app: AppName; state: LiveState }[]} others
 * @param {import('./releaseData.js').Releases} releases
 */
async function usersOf(remote, others, releases) {
  // The compiler's parser is loaded only here: the other commands never need it.
  const { usedModuleIds } = await import('./contracts/usedModules.js');
  /** @type {string[]} */
  const users = [];
  for (const { app, state } of others) {
    for (const { version, canary } of liveVersionsOf(state)) {
      const { uses } = releaseIn(releases, app, version).contracts;
      const ids = uses !== null ? usedModuleIds(uses) : appNames.includes(app) ? usesOf(app) : [];
      const used = ids.filter((id) => id.startsWith(`${remote}/`));
      if (used.length === 0) continue;
      const who = app === 'shell' ? `the live shell ${version}` : `${app}${canary ? "'s canary" : ''} ${version}`;
      const then =
        app === 'shell' ? 'promote a shell release without it first' : `promote a release of ${app} without it first`;
      users.push(`${who} loads ${used.join(', ')} (${then})`);
    }
  }
  return users;
}
