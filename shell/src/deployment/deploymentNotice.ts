import { useSyncExternalStore } from 'react';

/**
 * What an open tab tells the person about a deployment it cannot take in place: a newer version that needs a reload,
 * or a withdrawn one it still runs (which outranks it).
 */
export type DeploymentNotice = 'newer' | 'withdrawn';

let notice: DeploymentNotice | null = null;
const listeners = new Set<() => void>();

/** Raises the tab's notice to `raised`; a withdrawal is never lowered to a newer version. */
export function raiseNotice(raised: DeploymentNotice): void {
  if (notice === raised || notice === 'withdrawn') return;
  notice = raised;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The tab's notice, null while it has none. */
export const useDeploymentNotice = (): DeploymentNotice | null => useSyncExternalStore(subscribe, () => notice);
