// @ts-check
import { appNames } from '@murmur/config/apps';
import { parseLiveState } from '../store/liveState.js';
import { storeKeys } from '../store/storePaths.js';

/** @typedef {import('@murmur/config/apps').AppName} AppName */
/** @typedef {import('../store/liveState.js').LiveState} LiveState */
/** @typedef {import('../store/backends/backend.js').StoreBackend} StoreBackend */

/**
 * What a switch knows of the live state: each app's live state, remotes.json and the shell's live page, as read once
 * under the store's lock. Every check and writer of the switch computes from it, none goes back to the store; the
 * reads are what the switch's conditional writes are conditional on (pointerSwitch.js).
 * @typedef {{ stateOf: (app: AppName) => LiveState | null; remotes: string | null; shellPage: string | null }}
 *   LiveSnapshot `stateOf` throws, naming the file, for a live.json that is not a live state
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
  return liveSnapshot({
    liveStates,
    remotes: await backend.read(storeKeys.remotesPointer),
    shellPage: await backend.read(storeKeys.livePage('shell')),
  });
}

/**
 * The snapshot of these files' texts. A live.json that is not a live state is refused where it is first used, as
 * when each check read it for itself: a switch that no check of it needs goes on.
 * @param {{ liveStates: Partial<Record<AppName, string | null>>; remotes: string | null; shellPage: string | null }}
 *   texts each app's live.json (null or absent: none), remotes.json and the shell's live page
 * @returns {LiveSnapshot}
 */
export function liveSnapshot({ liveStates, remotes, shellPage }) {
  /** @type {Map<AppName, LiveState | null>} */
  const parsed = new Map();
  const stateOf = (/** @type {AppName} */ app) => {
    if (!parsed.has(app)) {
      const text = liveStates[app] ?? null;
      parsed.set(app, text === null ? null : parseLiveState(text, `${app}/live.json`));
    }
    return /** @type {LiveState | null} */ (parsed.get(app));
  };
  return { stateOf, remotes, shellPage };
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
