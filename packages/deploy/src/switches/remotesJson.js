// @ts-check
import { remoteNames } from '@murmur/config/apps';
import { composedFilesIntegrity } from '../page/pageIntegrity.js';
import { serializeRemotesPointer } from '../store/remotesPointer.js';

/** @typedef {import('@murmur/config/apps').AppName} AppName */
/** @typedef {import('../store/liveState.js').LiveState} LiveState */
/** @typedef {import('../store/releaseRecord.js').ReleaseRecord} ReleaseRecord */

/**
 * The shell's remotes.json: where each live remote's manifest is, inside its version folder, so that a page keeps
 * loading the version it started with whatever is promoted after; each remote's canary, with its share; and, under
 * `integrity`, the hash recorded at release of every file of those versions (both sides of a canary) a composed page
 * may load, by its URL (docs/serving.md, "What the browser checks").
 * @param {{ folders: Record<AppName, string>; stateOf: (app: AppName) => LiveState | null;
 *   recordOf: (app: AppName, version: string) => ReleaseRecord }} live `folders`: where each app's store folder is
 *   served (store/publicUrls.js); `stateOf`: each app's live state as the switch is about to leave it; `recordOf`:
 *   the record of a release, refusing one that has none
 */
export function remotesJson({ folders, stateOf, recordOf }) {
  /** @type {Record<string, string>} */
  const locations = {};
  /** @type {import('../store/remotesPointer.js').Canaries} */
  const canaries = {};
  /** @type {Record<string, string>} */
  const integrity = {};
  /** @type {Record<string, string[]>} */
  const withdrawn = {};
  /**
   * Where a composed page finds `app`'s release `version`: its manifest's URL, and the integrity recorded at release
   * of each of its files the page may load, by URL.
   */
  const composedLocation = (/** @type {AppName} */ app, /** @type {string} */ version) => {
    const folder = `${folders[app]}${version}/`;
    const files = composedFilesIntegrity(recordOf(app, version));
    Object.assign(
      integrity,
      Object.fromEntries(Object.entries(files).map(([file, hash]) => [`${folder}${file}`, hash])),
    );
    return `${folder}mf-manifest.json`;
  };
  for (const app of remoteNames) {
    const live = stateOf(app);
    if (!live) continue;
    locations[app] = composedLocation(app, live.version);
    if (live.withdrawn) withdrawn[app] = live.withdrawn.map((version) => `${folders[app]}${version}/mf-manifest.json`);
    if (!live.canary) continue;
    canaries[app] = { manifest: composedLocation(app, live.canary.version), percent: live.canary.percent };
  }
  const shell = stateOf('shell')?.version;
  return serializeRemotesPointer({ locations, canaries, integrity, shell, withdrawn });
}
