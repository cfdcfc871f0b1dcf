import type { RemoteName } from '@murmur/config/apps';
import { remotesJsonUrl } from '../early/pageContract';
import { parseRemoteLocations, readRemoteLocations } from '../federation/remoteLocations';

const baseHref = /<base href="([^"]+)"/;

/**
 * Whether the environment has moved on since this page loaded: a remote's pointer names another version (or a remote
 * went live for the first time), or the shell's live page loads another version folder than this page's <base>. The
 * page keeps running what it loaded (chunks of two versions never mix); only a reload picks up the new one.
 */
export async function newerDeployment(): Promise<boolean> {
  const [loaded, live, page] = await Promise.all([
    readRemoteLocations(),
    fetch(remotesJsonUrl(), { cache: 'no-store' }).then(async (response) =>
      // Read as the loaded ones were, so that one URL written two ways (relative, or with :80) is one location.
      response.ok ? parseRemoteLocations(await response.json()) : null,
    ),
    fetch('/', { cache: 'no-store' }).then((response) => (response.ok ? response.text() : null)),
  ]);
  const remoteMoved =
    live !== null &&
    [...new Set([...Object.keys(loaded), ...Object.keys(live)] as RemoteName[])].some(
      (name) => loaded[name] !== live[name],
    );
  const ownBase = document.querySelector('base')?.getAttribute('href');
  const liveBase = page?.match(baseHref)?.[1];
  const shellMoved = ownBase !== undefined && ownBase !== null && liveBase !== undefined && liveBase !== ownBase;
  return remoteMoved || shellMoved;
}
