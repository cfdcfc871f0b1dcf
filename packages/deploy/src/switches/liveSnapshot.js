// @ts-check
import { appNames } from '@murmur/config/apps';
import { pageDataOf } from '@murmur/config/page-data';
import { parseLiveState } from '../store/liveState.js';
import { parseRetiredRemotes } from '../store/retiredRemotes.js';
import { storeKeys } from '../store/storePaths.js';

/** @typedef {import('@murmur/config/apps').AppName} AppName */
/** @typedef {import('../store/liveState.js').LiveState} LiveState */
/** @typedef {import('../store/backends/backend.js').StoreBackend} StoreBackend */

/** @typedef {import('@murmur/config/page-data').PageData} PageData */

/**
 * What a switch knows of the live state: each app's live state, remotes.json, the shell's live page as data and the
 * retired remotes, as read once under the store's lock. Every check and writer of the switch computes from it, none
 * goes back to the store; the reads are what the switch's conditional writes are conditional on (pointerSwitch.js).
 * @typedef {{ stateOf: (app: AppName) => LiveState | null; remotes: string | null; shellPage: () => PageData | null;
 *   retired: string[] }} LiveSnapshot `stateOf` throws, naming the file, for a live.json that is not a live state;
 *   `retired`: store/retiredRemotes.js
 */

/**
 * Reads the live state of a store, once: under the lock, where a switch starts.
 * @param {StoreBackend} backend
 * @returns {Promise<LiveSnapshot>}
 */
export async function readLiveSnapshot(backend) {
  /** @type {Partial<Record<AppName, string | null>>} */
  const liveStates = {};
  for (const app of appNames) liveStates[app] = await backend.read(storeKeys.liveState(app));
  const remotes = await backend.read(storeKeys.remotesPointer);
  const shellPageData = await backend.read(storeKeys.livePageData);
  // A store last switched before the page was kept as data has its HTML alone, read back by an HTML parser.
  const shellPage = shellPageData ?? (await backend.read(storeKeys.livePage('shell')));
  const retired = await backend.read(storeKeys.retiredRemotes);
  return liveSnapshot({ liveStates, remotes, shellPage: { text: shellPage, data: shellPageData !== null }, retired });
}

/**
 * The snapshot of these files' texts. A live.json that is not a live state is refused where it is first used, as
 * when each check read it for itself: a switch that no check of it needs goes on.
 * @param {{ liveStates: Partial<Record<AppName, string | null>>; remotes: string | null;
 *   shellPage?: { text: string | null; data: boolean }; retired?: string | null }} texts each app's live.json (null
 *   or absent: none), remotes.json, the shell's live page, as data (shell/page.json) or else as HTML (absent: none),
 *   and retired.json (null or absent: none)
 * @returns {LiveSnapshot}
 * @throws {Error} naming the file, for a retired.json that is not a list of remotes
 */
export function liveSnapshot({ liveStates, remotes, shellPage = { text: null, data: false }, retired = null }) {
  /** @type {Map<AppName, LiveState | null>} */
  const parsed = new Map();
  const stateOf = (/** @type {AppName} */ app) => {
    if (!parsed.has(app)) {
      const text = liveStates[app] ?? null;
      parsed.set(app, text === null ? null : parseLiveState(text, `${app}/live.json`));
    }
    return /** @type {LiveState | null} */ (parsed.get(app));
  };
  const { text, data } = shellPage;
  /** @type {PageData | null | undefined} */
  let page;
  const pageOf = () => {
    if (page === undefined) page = text === null ? null : data ? parseLivePageData(text) : pageDataOf(text);
    return page;
  };
  const retiredRemotes = retired === null ? [] : parseRetiredRemotes(retired, storeKeys.retiredRemotes);
  return { stateOf, remotes, shellPage: pageOf, retired: retiredRemotes };
}

/**
 * The shell's live page as data, as promote wrote it (store/storePaths.js, `livePageData`).
 * @param {string} text
 * @returns {PageData}
 * @throws {Error} naming the file when it is not JSON
 */
function parseLivePageData(text) {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`${storeKeys.livePageData} is not JSON (${/** @type {Error} */ (error).message})`);
  }
}

/**
 * The versions of `app` live in `state`: its stable version, then its canary's where it has one.
 * @param {LiveState | null} state
 * @returns {{ version: string; canary: boolean }[]}
 */
export function liveVersionsOf(state) {
  if (!state) return [];
  return [
    { version: state.version, canary: false },
    ...(state.canary ? [{ version: state.canary.version, canary: true }] : []),
  ];
}
