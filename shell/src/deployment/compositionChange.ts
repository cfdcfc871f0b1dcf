import { remoteNames, type RemoteName } from '@murmur/config/apps';
import { compositionOf, readRemotes, type RemoteLocations } from '../federation/remoteLocations';
import { switchableInPlace } from './switchInPlace';

/** What an open tab does about remotes.json as it is now (compositionChange). */
export interface CompositionChange {
  /** Where the tab loads each remote from at its next mount: the new version of each that can switch in place. */
  next: RemoteLocations;
  /** The remotes that switch. */
  moved: RemoteName[];
  /** Whether a version went live that the tab cannot take without a reload (a new shell, shares or contract). */
  newer: boolean;
  /** The remotes whose version this tab runs a rollback withdrew. */
  withdrawn: RemoteName[];
}

/**
 * What an open tab running `running` (where it loads each remote from) and the shell `shell` (its version, where it
 * runs a released one) does about remotes.json's content now, `pointer` (docs/open-tabs.md).
 * Each remote whose location moved for this browser's side is switched at its next mount where the two versions can
 * run in place of each other (switchInPlace.ts), else kept, and the tab is told a newer version needs a reload, as it
 * is for a new shell. A remote whose running version was withdrawn is named.
 */
export async function compositionChange(
  pointer: unknown,
  running: RemoteLocations,
  shell: string | undefined,
): Promise<CompositionChange> {
  const read = readRemotes(pointer);
  const live = await compositionOf(read);
  const next = { ...running };
  const moved: RemoteName[] = [];
  const withdrawn = remoteNames.filter((name) => {
    const from = running[name];
    return from !== undefined && (read.withdrawn[name] ?? []).includes(from);
  });
  let newer = read.shell !== undefined && shell !== undefined && read.shell !== shell;
  await Promise.all(
    remoteNames.map(async (name) => {
      const from = running[name];
      const to = live[name];
      if (to === undefined || to === from) return;
      if (from === undefined || (await switchableInPlace(from, to))) {
        next[name] = to;
        moved.push(name);
      } else newer = true;
    }),
  );
  return { next, moved, newer, withdrawn };
}
