import { versionPattern } from '@murmur/config/versions';
import { remotesJsonUrl } from '../early/pageHandoff';
import { prefetchRemote } from '../federation/loadRemoteModule';
import { networkFetch } from '../federation/networkFetch';
import { adoptRemoteLocations, tabLocations } from '../federation/remoteLocations';
import { compositionChange } from './compositionChange';
import { raiseNotice } from './deploymentNotice';

/** The shell version this page runs: its version folder, the last segment of its <base>; none where unreleased. */
function shellVersion(): string | undefined {
  const version = document.querySelector('base')?.getAttribute('href')?.split('/').filter(Boolean).at(-1);
  return version !== undefined && versionPattern.test(version) ? version : undefined;
}

/** The ETag of the last answer acted on. */
let etag: string | null = null;

/**
 * Asks for remotes.json again, conditional on the last answer acted on (its ETag), so that an unchanged pointer costs
 * a 304 on every edge, and acts on a changed one (compositionChange.ts): the remotes that can switch in place are
 * switched at their next mount, their new files fetched ahead; for the rest the tab raises its notice.
 */
export async function askPointer(): Promise<void> {
  const response = await networkFetch(remotesJsonUrl(), {
    cache: 'no-store',
    headers: etag === null ? {} : { 'If-None-Match': etag },
  });
  if (response.status === 304 || !response.ok) return;
  const pointer: unknown = await response.json();
  const change = await compositionChange(pointer, await tabLocations(), shellVersion());
  if (change.moved.length > 0) {
    adoptRemoteLocations(change.next, change.moved);
    for (const name of change.moved) void prefetchRemote(name);
  }
  if (change.withdrawn.length > 0) raiseNotice('withdrawn');
  else if (change.newer) raiseNotice('newer');
  // Only once acted on: a pointer whose change could not be read through is asked for whole again.
  etag = response.headers.get('ETag');
}
