// @ts-check
import { appNames, consumedOf, federationNameOf, remoteNames } from '@murmur/config/apps';
import { refusalOfRemote, refusalOfShell } from '@murmur/release-checks/promotion';
import { Refusal } from '../store/refusal.js';
import { parseVersion } from '../store/storePaths.js';
import { seamBreaks } from './contracts/seamBreaks.js';
import { liveVersionsOf } from './liveSnapshot.js';
import { releaseIn } from './releaseData.js';

/** @typedef {import('@murmur/config/apps').AppName} AppName */

/**
 * What a switch checks a version against: the store's location (for messages), the live state it read under the
 * lock (liveSnapshot.js) and the releases it read (releaseData.js).
 * @typedef {{ location: string; live: import('./liveSnapshot.js').LiveSnapshot;
 *   releases: import('./releaseData.js').Releases }} SwitchData
 */

/**
 * Refuses unless `app`'s release `version` fits what is live: the store holds it whole, its manifest is valid and
 * names its entry, its federation fits the live apps' (@murmur/release-checks/promotion), its published declarations
 * fit theirs (contracts/seamBreaks.js), and a shell's release has its page.
 * @param {SwitchData} data
 * @param {AppName} app
 * @param {string} version
 */
export async function checkFits({ location, live, releases }, app, version) {
  parseVersion(version);
  const release = releaseIn(releases, app, version);
  if (!release.held) throw new Refusal(`${app} has no release ${version} in ${location}`);
  const read = release.manifest;
  if ('problem' in read) throw new Refusal(`${app} ${version}: ${read.problem}`);
  const expectedName = federationNameOf(app);
  /** @type {string | null} */
  let refusal;
  if (app === 'shell') {
    const liveRemotes = [];
    for (const remoteApp of remoteNames) {
      // A canary is live too: a shell that would break it is refused as one that would break the stable version.
      for (const remote of liveManifests({ live, releases }, remoteApp))
        liveRemotes.push({ label: `${remoteApp} ${remote.version}`, manifest: remote.manifest });
    }
    refusal = refusalOfShell(read.manifest, { expectedName, liveRemotes });
  } else {
    // The shell has no canary: its one live manifest.
    const [shell] = liveManifests({ live, releases }, 'shell');
    if (!shell) throw new Refusal(`no shell is live in ${location}; promote the shell first`);
    const consumed = consumedOf(/** @type {import('@murmur/config/apps').RemoteName} */ (app));
    refusal = refusalOfRemote(read.manifest, { expectedName, consumed, shell: shell.manifest });
  }
  if (refusal) throw new Refusal(`${app} ${version}: ${refusal}`);
  const own = release.contracts;
  const published = own.exposes !== null || own.uses !== null;
  const breaks = await seamBreaks({ app, own, live: published ? liveContracts({ live, releases }, app) : [] });
  if (breaks.length > 0) {
    const lines = breaks.join('\n  ');
    throw new Refusal(
      `${app} ${version}: it does not fit what the apps live with it use (docs/contracts.md):\n  ${lines}`,
    );
  }
  if (app === 'shell' && !release.hasPage) throw new Refusal(`${app} ${version}: it has no index.html`);
}

/**
 * The manifests of an app's stable version and of its canary, where each is readable.
 * @param {Omit<SwitchData, 'location'>} data
 * @param {AppName} app
 */
export function liveManifests({ live, releases }, app) {
  const manifests = [];
  for (const { version } of liveVersionsOf(live.stateOf(app))) {
    const read = releaseIn(releases, app, version).manifest;
    if ('manifest' in read) manifests.push({ version, manifest: read.manifest });
  }
  return manifests;
}

/**
 * The published declarations of every other app's live versions, as seamBreaks takes them: read only where the
 * release checked publishes its own (promote.js).
 * @param {Omit<SwitchData, 'location'>} data
 * @param {AppName} app
 */
function liveContracts({ live, releases }, app) {
  return appNames
    .filter((other) => other !== app)
    .flatMap((other) =>
      liveVersionsOf(live.stateOf(other)).map(({ version, canary }) => ({
        app: other,
        version,
        canary,
        ...releaseIn(releases, other, version).contracts,
      })),
    );
}
