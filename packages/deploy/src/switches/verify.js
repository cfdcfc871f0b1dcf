// @ts-check
import { appNames, remoteNames } from '@murmur/config/apps';
import { routeOwners } from '@murmur/config/routes';
import { openStore } from '../store/backends/openStore.js';
import { hashOfFiles } from '../store/contentHash.js';
import { safeFilePath, safeFilePathRule } from '../store/fileNames.js';
import { pageDataOf } from '@murmur/config/page-data';
import { inlinedScripts, livePage } from '../page/livePage.js';
import { liveManifestText } from '../store/liveManifest.js';
import { remotesPointerOf } from '../store/remotesPointer.js';
import { baseOf } from '../page/pageElements.js';
import { pageHtml } from '../page/pageHtml.js';
import { releasePage } from '../page/releasePage.js';
import { healthSettingOf } from '../store/healthSetting.js';
import { isProductionStore } from '../store/environmentSetting.js';
import { overrideSettingOf } from '../store/overrideSetting.js';
import { composedFilesIntegrity, loadedFilesIntegrity } from '../page/pageIntegrity.js';
import { liveStateOf } from '../store/liveState.js';
import { retiredRemotesOf } from '../store/retiredRemotes.js';
import { interruptedSwitch } from './pointerSwitch.js';
import { routePagesInStore } from '../page/routePages.js';
import { integrityOf, parseReleaseRecord, recordName } from '../store/releaseRecord.js';
import { storeKeys } from '../store/storePaths.js';

/** @typedef {import('@murmur/config/apps').AppName} AppName */
/** @typedef {import('../store/backends/backend.js').StoreBackend} StoreBackend */

/**
 * Checks a whole store: every release's files against its record and its name, the pointers against each other,
 * no switch left half done, and what only its backend can see (backend.ownProblems: no stray temporary file, no
 * link, nothing foreign). Reads only.
 * @param {string | StoreBackend} store
 * @returns {Promise<{ problems: string[]; releases: number; files: number }>}
 */
export async function verifyStore(store) {
  const backend = openStore(store);
  const problems = await backend.ownProblems();
  let releases = 0;
  let files = 0;
  const pending = await interruptedSwitch(backend);
  if (pending) {
    problems.push(
      'problem' in pending
        ? pending.problem
        : `a switch of ${pending.app} to ${pending.version} was interrupted; ` +
            'the next promote or rollback completes it, or verify-store --repair',
    );
  }
  /** @type {string[]} */
  let retired = [];
  try {
    retired = await retiredRemotesOf(backend);
  } catch (error) {
    problems.push(/** @type {Error} */ (error).message);
  }
  // A retired remote's releases stay, whether or not the app table still lists it; it has no live state.
  for (const app of [...new Set([...appNames, ...retired])]) {
    for (const { version } of await backend.releasesOf(app)) {
      releases += 1;
      const checked = await verifyRelease(backend, app, version);
      files += checked.files;
      problems.push(...checked.problems.map((problem) => `${app}/${version}: ${problem}`));
    }
    if (retired.includes(app) && (await backend.has(storeKeys.liveState(app))))
      problems.push(`${storeKeys.liveState(app)}: a live state of a retired remote`);
    if (appNames.includes(/** @type {never} */ (app)))
      problems.push(...(await verifyPointers(backend, /** @type {AppName} */ (app), retired)));
  }
  return { problems, releases, files };
}

/**
 * A release against its record: the same files, each with its recorded hash, and the build's own hashing to the
 * version's name.
 * @param {StoreBackend} backend
 * @param {string} app
 * @param {string} version
 */
async function verifyRelease(backend, app, version) {
  const folder = `${app}/${version}`;
  const read = parseReleaseRecord(await backend.read(`${folder}/${recordName}`));
  if ('problem' in read) return { problems: [read.problem], files: 0 };
  const { record } = read;
  /** @type {string[]} */
  const problems = [];
  const held = (await backend.filesOf(app, version)).filter((file) => file !== recordName);
  /** @type {[string, Uint8Array][]} */
  const built = [];
  for (const file of held) {
    const recorded = record.files[file];
    const bytes = (await backend.readBytes(`${folder}/${file}`)) ?? Buffer.alloc(0);
    if (!recorded) problems.push(`${file} is not in its record`);
    else if (integrityOf(bytes) !== recorded) problems.push(`${file} was changed`);
    if (!record.precompressed.includes(file)) built.push([file, bytes]);
  }
  for (const file of Object.keys(record.files)) {
    if (!held.includes(file)) problems.push(`${file} is missing`);
    if (!safeFilePath.test(file))
      problems.push(`${JSON.stringify(file)}: a name outside ${safeFilePathRule}, which release refuses`);
  }
  if (problems.length === 0 && hashOfFiles(built).slice(0, 12) !== version.slice(0, 12)) {
    problems.push('its files do not hash to its name');
  }
  return { problems, files: held.length };
}

/**
 * An app's pointers against its live state: live.json valid and naming releases the store holds, the live page
 * that version's page, and remotes.json naming exactly the live remotes' versions.
 * @param {StoreBackend} backend
 * @param {AppName} app
 * @param {string[]} retired the retired remotes (store/retiredRemotes.js)
 */
async function verifyPointers(backend, app, retired) {
  /** @type {import('../store/liveState.js').LiveState | null} */
  let live;
  try {
    live = await liveStateOf(backend, app);
  } catch (error) {
    return [/** @type {Error} */ (error).message];
  }
  /** @type {string[]} */
  const problems = [];
  if (app === 'shell')
    problems.push(
      ...(await verifyRemotesPointer(backend)),
      ...(await verifyCanaries(backend)),
      ...(await verifyOverrideSetting(backend)),
      ...(await verifyHealthSetting(backend)),
      ...(await verifyRoutePages(backend, retired)),
    );
  if (app !== 'shell') problems.push(...(await verifyLiveManifest(backend, app, live)));
  const served = await backend.read(storeKeys.livePage(app));
  if (!live) {
    if (served !== null) problems.push(`${app}/index.html: a live page, but no live version`);
    return problems;
  }
  if (live.canary && app === 'shell') problems.push('shell/live.json names a canary, and the shell has none');
  if (live.canary?.version === live.version) problems.push(`${app}/live.json names ${live.version} as its canary too`);
  for (const version of [live.version, ...live.previous, ...(live.canary ? [live.canary.version] : [])]) {
    if (!(await backend.holdsRelease(app, version))) {
      problems.push(`${app}/live.json names ${version}, which the store does not hold`);
    }
  }
  const read = (/** @type {string} */ file) => backend.read(`${app}/${live.version}/${file}`);
  const record = parseReleaseRecord(await read(recordName));
  // (A release without a valid record is named by verifyRelease.)
  if ('record' in record) {
    const integrity = loadedFilesIntegrity(record.record);
    const expected = await releasePage(read, `${app} ${live.version}`)
      .then(async (page) => {
        if (page === null) return null;
        const base = served === null ? undefined : baseOf(pageDataOf(served));
        if (!base?.endsWith(`/${live.version}/`)) return undefined;
        return pageHtml(livePage(page, base, integrity, await inlinedScripts(page, integrity, read)));
      })
      .catch(() => undefined);
    if (expected !== null && served !== expected) {
      problems.push(`${app}/index.html is not the page of ${live.version}, the live version`);
    }
  }
  return problems;
}

/**
 * A remote's live manifest against its live state: its stable version's manifest, its files in that version's folder
 * where the app is served (store/liveManifest.js).
 * @param {StoreBackend} backend
 * @param {AppName} app
 * @param {import('../store/liveState.js').LiveState | null} live
 */
async function verifyLiveManifest(backend, app, live) {
  const file = storeKeys.liveManifest(app);
  const held = await backend.read(file);
  if (!live) return held === null ? [] : [`${file}: a live manifest, but no live version`];
  // A store last switched before promote wrote it: a remote alone finds no other until the next switch.
  if (held === null) return [`${file} is missing: the next promote or rollback of ${app} writes it`];
  const released = await backend.read(`${app}/${live.version}/mf-manifest.json`);
  if (released === null || !live.publicUrl) return []; // said by the release's own check, or a store from before
  return held === liveManifestText(released, `${live.publicUrl}${live.version}/`)
    ? []
    : [`${file} is not the manifest of ${live.version}, the live version, where ${app} is served`];
}

/**
 * The shell's live page as data against its HTML, and the shell's pages resolved for each route's owner against the
 * live page and remotes.json they are made of (page/routePages.js): an edge that serves files sends them as they are.
 * A retired remote has none.
 * @param {StoreBackend} backend
 * @param {string[]} retired
 */
async function verifyRoutePages(backend, retired) {
  const html = await backend.read(storeKeys.livePage('shell'));
  const data = await backend.read(storeKeys.livePageData);
  /** @type {string[]} */
  const problems = [];
  if (data !== null && (html === null || !writesAs(data, html)))
    problems.push(`${storeKeys.livePageData} is not the data of ${storeKeys.livePage('shell')}`);
  /** @type {{ file: string; content: string }[]} */
  let expected;
  try {
    // The data where a switch kept it; a store last switched before has the HTML alone.
    const page = data !== null ? JSON.parse(data) : html === null ? null : pageDataOf(html);
    const remotes = await backend.read(storeKeys.remotesPointer);
    expected = await routePagesInStore(backend, { page, remotes, retired });
  } catch {
    return problems; // a live page or remotes.json that cannot be read is said by the other checks
  }
  for (const owner of routeOwners) {
    const file = storeKeys.routePage(owner);
    const held = await backend.read(file);
    const content = expected.find((page) => page.file === file)?.content ?? null;
    if (held === content) continue;
    if (retired.includes(owner)) problems.push(`${file}: a resolved page of ${owner}, which is retired`);
    else if (content === null)
      problems.push(`${file}: a resolved page, but no live shell page and remotes.json to make it of`);
    // A store last switched before promote wrote these pages: edges send the live page until the next switch.
    else if (held === null) problems.push(`${file} is missing: the next promote or rollback writes it`);
    else problems.push(`${file} is not the live page resolved for ${owner}'s addresses`);
  }
  return problems;
}

/**
 * Whether a page's data, as a store file holds it, is written as `html` (page/pageHtml.js).
 * @param {string} data
 * @param {string} html
 */
function writesAs(data, html) {
  try {
    return pageHtml(JSON.parse(data)) === html;
  } catch {
    return false;
  }
}

/**
 * The environment's override setting, where there is one, as the server would read it (a damaged one is a 500 for every
 * page of the shell), and the production mark, under which overrides must be off.
 * @param {StoreBackend} backend
 */
async function verifyOverrideSetting(backend) {
  /** @type {boolean} */
  let production;
  try {
    production = await isProductionStore(backend);
  } catch (error) {
    return [/** @type {Error} */ (error).message];
  }
  try {
    const { enabled } = await overrideSettingOf(backend);
    return enabled && production
      ? [`${storeKeys.overrideSetting}: overrides are on in a production store; run overrides off`]
      : [];
  } catch (error) {
    return [/** @type {Error} */ (error).message];
  }
}

/**
 * The store's canary health setting, where there is one: a damaged one stops the server's automatic rollback.
 * @param {StoreBackend} backend
 */
async function verifyHealthSetting(backend) {
  try {
    await healthSettingOf(backend);
    return [];
  } catch (error) {
    return [/** @type {Error} */ (error).message];
  }
}

/** @param {StoreBackend} backend */
async function verifyRemotesPointer(backend) {
  /** @type {Record<string, string>} */
  let locations;
  /** @type {Record<string, string>} */
  let integrity;
  /** @type {unknown} */
  let shell;
  try {
    const pointer = await remotesPointerOf(backend);
    ({ locations, integrity } = pointer ?? { locations: {}, integrity: {} });
    shell = pointer?.content.shell;
  } catch (error) {
    return [/** @type {Error} */ (error).message];
  }
  /** @type {string[]} */
  const problems = [];
  let liveShell;
  try {
    liveShell = (await liveStateOf(backend, 'shell'))?.version;
  } catch {
    // said by verifyPointers for the shell
  }
  // A pointer from before it named the shell names none: the next switch writes it.
  if (shell !== undefined && liveShell !== undefined && shell !== liveShell)
    problems.push(`shell/remotes.json names the shell ${shell}, not ${liveShell}, the live version`);
  for (const name of Object.keys(locations)) {
    if (!remoteNames.includes(/** @type {never} */ (name)))
      problems.push(`shell/remotes.json names ${name}, not a remote`);
  }
  for (const [app, state] of await readableLiveStates(backend)) {
    const version = state?.version;
    const location = locations[app];
    if (!version) {
      if (location !== undefined) problems.push(`shell/remotes.json names ${app}, but it has no live version`);
    } else if (typeof location !== 'string' || !location.endsWith(`/${version}/mf-manifest.json`)) {
      problems.push(`shell/remotes.json does not point ${app} at ${version}, the live version`);
    } else if (state?.publicUrl && location !== `${state.publicUrl}${version}/mf-manifest.json`) {
      problems.push(`shell/remotes.json points ${app} at ${location}, outside its recorded folder ${state.publicUrl}`);
    } else {
      const read = parseReleaseRecord(await backend.read(`${app}/${version}/${recordName}`));
      const folder = location.slice(0, -'mf-manifest.json'.length);
      for (const [file, hash] of Object.entries('record' in read ? composedFilesIntegrity(read.record) : {})) {
        if (integrity[`${folder}${file}`] !== hash)
          problems.push(`shell/remotes.json does not give the recorded integrity of ${app}/${version}/${file}`);
      }
    }
  }
  return problems;
}

/**
 * remotes.json's canaries against each remote's live state: one for exactly the remotes whose live.json names a
 * canary, at its share, its manifest inside that version's folder, and the recorded integrity of each file of it a
 * composed page may load.
 * @param {StoreBackend} backend
 */
async function verifyCanaries(backend) {
  const file = storeKeys.remotesPointer;
  /** @type {import('../store/remotesPointer.js').RemotesPointer | null} */
  let pointer;
  try {
    pointer = await remotesPointerOf(backend);
  } catch {
    return []; // said by verifyRemotesPointer
  }
  /** @type {import('../store/remotesPointer.js').Canaries} */
  const canaries = pointer?.canaries ?? {};
  /** @type {Record<string, string>} */
  const integrity = pointer?.integrity ?? {};
  /** @type {string[]} */
  const problems = [];
  for (const name of Object.keys(canaries)) {
    if (!remoteNames.includes(/** @type {never} */ (name)))
      problems.push(`${file} names a canary of ${name}, not a remote`);
  }
  for (const [app, state] of await readableLiveStates(backend)) {
    const canary = state?.canary;
    const entry = canaries[app];
    if (!canary) {
      if (entry) problems.push(`${file} names a canary of ${app}, but its live.json names none`);
      continue;
    }
    if (!entry || entry.percent !== canary.percent || !entry.manifest.endsWith(`/${canary.version}/mf-manifest.json`)) {
      problems.push(`${file} does not give ${app} its canary, ${canary.version} at ${canary.percent} %`);
      continue;
    }
    if (state?.publicUrl && entry.manifest !== `${state.publicUrl}${canary.version}/mf-manifest.json`) {
      problems.push(
        `${file} points ${app}'s canary at ${entry.manifest}, outside its recorded folder ${state.publicUrl}`,
      );
      continue;
    }
    const read = parseReleaseRecord(await backend.read(`${app}/${canary.version}/${recordName}`));
    const folder = entry.manifest.slice(0, -'mf-manifest.json'.length);
    for (const [name, hash] of Object.entries('record' in read ? composedFilesIntegrity(read.record) : {})) {
      if (integrity[`${folder}${name}`] !== hash)
        problems.push(`${file} does not give the recorded integrity of ${app}/${canary.version}/${name}`);
    }
  }
  return problems;
}

/**
 * Each remote's live state, for the remotes whose live.json can be read (null where it has none); one that cannot is
 * said by verifyPointers for that app, and left out here.
 * @param {StoreBackend} backend
 * @returns {Promise<Map<import('@murmur/config/apps').RemoteName, import('../store/liveState.js').LiveState | null>>}
 */
async function readableLiveStates(backend) {
  const states = new Map();
  for (const app of remoteNames) {
    try {
      states.set(app, await liveStateOf(backend, app));
    } catch {
      // said by verifyPointers for that app
    }
  }
  return states;
}
