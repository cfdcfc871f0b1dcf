import { readRemoteLocations, type RemoteLocations } from '../federation/remoteLocations';

const baseHref = /<base href="([^"]+)"/;

/**
 * Whether the environment has moved on since this page loaded: a remote's pointer names another version, or the
 * shell's live page loads another version folder than this page's <base>. The page keeps running what it loaded
 * (chunks of two versions never mix); only a reload picks up the new one.
 */
export async function newerDeployment(): Promise<boolean> {
  const [loaded, locations, page] = await Promise.all([
    readRemoteLocations(),
    fetch('/remotes.json', { cache: 'no-store' }).then((response) =>
      response.ok ? (response.json() as Promise<RemoteLocations>) : null,
    ),
    fetch('/', { cache: 'no-store' }).then((response) => (response.ok ? response.text() : null)),
  ]);
  const remoteMoved =
    locations !== null &&
    Object.entries(locations).some(([name, url]) => loaded[name as keyof RemoteLocations] !== url);
  const ownBase = document.querySelector('base')?.getAttribute('href');
  const liveBase = page?.match(baseHref)?.[1];
  const shellMoved = ownBase !== undefined && ownBase !== null && liveBase !== undefined && liveBase !== ownBase;
  return remoteMoved || shellMoved;
}
