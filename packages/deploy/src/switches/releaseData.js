// @ts-check
import { contractFiles } from '@murmur/config/published-types';
import { manifestOfText, missingEntry } from '../store/manifest.js';
import { parseReleaseRecord, recordName } from '../store/releaseRecord.js';
import { Refusal } from '../store/refusal.js';

/** @typedef {import('../store/backends/backend.js').StoreBackend} StoreBackend */
/** @typedef {import('../store/manifest.js').Manifest} Manifest */

/**
 * What a switch reads of one release, once: whether the store holds it whole; its mf-manifest.json as released
 * (`manifestText`) and checked (`manifest`: manifest.js, with its entry held); its record, parsed or why not; its
 * published declarations (docs/contracts.md), where the switch checks seams; and, of the shell's, whether it has an
 * index.html.
 * @typedef {{ held: boolean; manifestText: string | null; manifest: { manifest: Manifest } | { problem: string };
 *   record: ReturnType<typeof parseReleaseRecord>; contracts: { exposes: string | null; uses: string | null };
 *   hasPage: boolean }} ReleaseData
 */

/** The releases a switch read, by `<app>/<version>`. @typedef {Map<string, ReleaseData>} Releases */

/** A release's key in `Releases`. @param {string} app @param {string} version */
export const releaseKey = (app, version) => `${app}/${version}`;

/**
 * Reads each release of `wanted` not in `releases` yet into it. A release the store does not hold is read as empty:
 * the checks refuse it (fitChecks.js).
 * @param {StoreBackend} backend
 * @param {Releases} releases
 * @param {{ app: string; version: string }[]} wanted
 * @param {{ contracts: boolean }} options whether their published declarations are read
 */
export async function readReleases(backend, releases, wanted, { contracts }) {
  for (const { app, version } of wanted) {
    const key = releaseKey(app, version);
    if (releases.has(key)) continue;
    const held = await backend.holdsRelease(app, version);
    const read = (/** @type {string} */ file) => (held ? backend.read(`${key}/${file}`) : Promise.resolve(null));
    const manifestText = await read('mf-manifest.json');
    const checked = manifestOfText(manifestText, app, version);
    /** @type {ReleaseData['manifest']} */
    const manifest =
      'problem' in checked
        ? checked
        : (await backend.has(checked.entryKey))
          ? { manifest: checked.manifest }
          : missingEntry(checked.manifest);
    releases.set(key, {
      held,
      manifestText,
      manifest,
      record: parseReleaseRecord(await read(recordName)),
      contracts: contracts
        ? { exposes: await read(contractFiles.exposes), uses: await read(contractFiles.uses) }
        : { exposes: null, uses: null },
      hasPage: app === 'shell' && held && (await backend.has(`${key}/index.html`)),
    });
  }
}

/**
 * A release the switch read. Every release a check or writer asks for was read first (promote.js).
 * @param {Releases} releases
 * @param {string} app
 * @param {string} version
 */
export function releaseIn(releases, app, version) {
  const release = releases.get(releaseKey(app, version));
  if (!release) throw new Error(`${app} ${version} was not read for this switch`);
  return release;
}

/**
 * The record of `app`'s release `version`; refuses when it is missing or invalid, since a page could then load
 * nothing of it.
 * @param {Releases} releases
 * @param {string} app
 * @param {string} version
 */
export function recordIn(releases, app, version) {
  const { record } = releaseIn(releases, app, version);
  if ('problem' in record) throw new Refusal(`${app} ${version}: ${record.problem}`);
  return record.record;
}
