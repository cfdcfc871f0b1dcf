import type { RemotesContent } from '@murmur/config/remotes-json';
import { askingForLocations, latestPointer } from '../federation/remoteLocations';

/** How often a visible tab asks while a remote has a canary, which may end at any moment. */
const canaryAskMs = 60_000;
/** How often a visible tab asks otherwise. */
const quietAskMs = 15 * 60_000;

/** Whether remotes.json's content names a canary: every live remote is one this tab runs, or will at its mount. */
function runsCanary(pointer: RemotesContent | null): boolean {
  return pointer !== null && Object.keys(pointer.canaries).length > 0;
}

let asking: Promise<void> | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;

/**
 * Asks remotes.json now whether something was deployed (pointerWatch.ts, whose code is fetched the first time), unless
 * the tab is hidden: a hidden tab asks nothing until it is visible again. Then waits `canaryAskMs` or `quietAskMs`
 * for the next ask.
 */
export function askForDeployments(): void {
  clearTimeout(timer);
  if (document.visibilityState === 'hidden') return;
  if (asking) return;
  asking = import('./pointerWatch')
    .then(({ askPointer }) => askPointer())
    // An unreachable or damaged pointer says nothing about versions: the next ask tries again.
    .catch(() => undefined)
    .finally(() => {
      asking = null;
      timer = setTimeout(askForDeployments, runsCanary(latestPointer()) ? canaryAskMs : quietAskMs);
    });
  // The remote this route change mounts is loaded from the answer (remoteLocations.ts).
  askingForLocations(asking);
}

const onVisible = () => {
  if (document.visibilityState === 'visible') askForDeployments();
};

/**
 * Has this open tab hear of deployments (docs/open-tabs.md): besides each route change
 * (`askForDeployments`), when it becomes visible again and on a steady interval, the first one from the page's own
 * read of remotes.json. Nothing is asked, or fetched, on the page's first load. Answers the function that stops it.
 */
export function watchDeployments(): () => void {
  document.addEventListener('visibilitychange', onVisible);
  timer = setTimeout(askForDeployments, runsCanary(latestPointer()) ? canaryAskMs : quietAskMs);
  return () => {
    document.removeEventListener('visibilitychange', onVisible);
    clearTimeout(timer);
  };
}
