// @ts-check
import { appNames } from '@murmur/config/apps';
import { contractFiles } from '@murmur/config/published-types';
import { liveStateOf } from '../../store/liveState.js';

/** @typedef {import('@murmur/config/apps').AppName} AppName */
/** @typedef {import('../../store/backends/backend.js').StoreBackend} StoreBackend */

/**
 * The breaks of the seams between `app`'s release `version` and what is live (docs/contracts.md), one line each, from
 * the store alone: as a provider, every live app's recorded uses of its modules (each one's stable version and
 * canary) against its published declarations; as a consumer, its recorded uses against every live provider's. A
 * release that publishes neither file (built before they were published) is not checked on that side.
 * @param {StoreBackend} backend
 * @param {AppName} app
 * @param {string} version
 * @returns {Promise<string[]>}
 */
export async function seamBreaks(backend, app, version) {
  const exposes = await backend.read(`${app}/${version}/${contractFiles.exposes}`);
  const uses = await backend.read(`${app}/${version}/${contractFiles.uses}`);
  if (exposes === null && uses === null) return [];
  // The compiler is loaded only for a check: the store server and the other commands never need it.
  const { contractBreaks } = await import('./contractBreaks.js');
  const others = appNames.filter((other) => other !== app);
  /** @type {string[]} */
  const lines = [];
  if (exposes !== null) {
    /** @type {{ label: string; text: string }[]} */
    const consumers = [];
    for (const other of others)
      for (const live of await liveVersions(backend, other)) {
        const text = await backend.read(`${other}/${live.version}/${contractFiles.uses}`);
        if (text !== null) consumers.push({ label: live.canary ? `${other}'s canary ${live.version}` : other, text });
      }
    if (consumers.length > 0)
      lines.push(...contractBreaks({ provider: { app, label: 'this release', text: exposes }, consumers }));
  }
  if (uses !== null) {
    for (const other of others)
      for (const live of await liveVersions(backend, other)) {
        const text = await backend.read(`${other}/${live.version}/${contractFiles.exposes}`);
        if (text === null) continue;
        const label = live.canary ? `${other}'s canary ${live.version}` : `the live ${other}`;
        lines.push(
          ...contractBreaks({
            provider: { app: other, label, text },
            consumers: [{ label: 'this release', text: uses }],
          }),
        );
      }
  }
  return lines;
}

/**
 * The stable version of `app` and its canary, where it has them.
 * @param {StoreBackend} backend
 * @param {AppName} app
 */
async function liveVersions(backend, app) {
  const live = await liveStateOf(backend, app);
  if (!live) return [];
  return [
    { version: live.version, canary: false },
    ...(live.canary ? [{ version: live.canary.version, canary: true }] : []),
  ];
}
