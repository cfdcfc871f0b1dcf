import { remoteNames, type RemoteName } from '@murmur/config/apps';
import { overrideLifetimeMs } from '@murmur/release-checks/override-address';
import { overridesStorageKey, overridingLoadStorageKey } from './pageHandoff';

// What a tab keeps in its sessionStorage of the overrides applied in it, read by one rule for the shell
// (overrides/overrideTab.ts, which writes it) and the early script (earlyScript.ts, which decides by it whether the
// load runs the shell's development build, before the shell's bundle runs). It imports nothing the early script's
// bundle could not carry.

/** One applied override: the manifest's URL, and when it was applied (ms since the epoch). */
interface HeldOverride {
  url: string;
  appliedAt: number;
}

/** The overrides a tab holds, under the tab's id. */
export interface HeldOverrides {
  tab: string;
  overrides: Partial<Record<RemoteName, HeldOverride>>;
}

/**
 * The overrides this tab's sessionStorage holds that have not expired (applied less than `overrideLifetimeMs` ago, and
 * not later than now), or null where it holds none, or nothing readable.
 */
export function storedOverrides(): HeldOverrides | null {
  try {
    const stored = JSON.parse(sessionStorage.getItem(overridesStorageKey) ?? 'null') as Partial<HeldOverrides> | null;
    if (typeof stored?.tab !== 'string' || typeof stored.overrides !== 'object' || stored.overrides === null)
      return null;
    const now = Date.now();
    const entries = remoteNames.flatMap((name) => {
      const held = stored.overrides?.[name];
      const fresh =
        typeof held?.url === 'string' &&
        typeof held.appliedAt === 'number' &&
        now - held.appliedAt < overrideLifetimeMs &&
        held.appliedAt <= now;
      return fresh ? [[name, { url: held.url, appliedAt: held.appliedAt }] as const] : [];
    });
    return entries.length === 0 ? null : { tab: stored.tab, overrides: Object.fromEntries(entries) };
  } catch {
    return null;
  }
}

/**
 * Marks the next load of this tab as one the tab asks for itself, having found that it holds its overrides and is no
 * copy of another tab (overrides/overrideTab.ts#heldOverrides): written just before it loads its page again with
 * `?overriding=1`. A copy of the tab made later finds no mark, since the load it was written for takes it.
 */
export function markOverridingLoad(): void {
  sessionStorage.setItem(overridingLoadStorageKey, '1');
}

/** Whether this load carries the mark (`markOverridingLoad`); takes it, so that no later load or copy finds it. */
export function takeOverridingLoadMark(): boolean {
  try {
    const marked = sessionStorage.getItem(overridingLoadStorageKey) !== null;
    sessionStorage.removeItem(overridingLoadStorageKey);
    return marked;
  } catch {
    return false;
  }
}
