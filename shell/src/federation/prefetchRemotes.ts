import type { RemoteName } from '@murmur/config/apps';
import { matchRoute, routes } from '@murmur/config/routes';
import { prefetchRemote } from './loadRemoteModule';

const prefetch = (name: RemoteName) => void prefetchRemote(name);

/**
 * Runs `then` once the page has shown its first content (the browser's first-contentful-paint entry, which it
 * records when the frame is presented), at once where it has.
 */
function afterFirstPaint(then: () => void): void {
  if (typeof PerformanceObserver === 'undefined') return then();
  const observer = new PerformanceObserver((entries) => {
    if (!entries.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    then();
  });
  observer.observe({ type: 'paint', buffered: true });
}

/**
 * Has the browser fetch the given remotes' code once the current screen has its own data (`screenData` settled) or
 * has had a second for it, and the page has shown its first content, when it is idle: their first visit then does not
 * wait for them, and they never compete with the first screen for the link or the CPU.
 */
export function prefetchRemotesWhenIdle(names: RemoteName[], screenData?: Promise<unknown>): () => void {
  let state: 'waiting' | 'started' | 'cancelled' = 'waiting';
  const start = () => {
    if (state !== 'waiting') return;
    state = 'started';
    afterFirstPaint(() => requestIdleCallback(() => names.forEach(prefetch), { timeout: 2000 }));
  };
  const timer = setTimeout(start, 1000);
  void screenData?.then(start);
  return () => {
    clearTimeout(timer);
    if (state === 'waiting') state = 'cancelled';
  };
}

/**
 * Has the browser fetch the code of the remote that owns a link's address as soon as the pointer rests on the link
 * (or the keyboard focuses it): a click follows within a few hundred ms, and the remote's first visit then waits
 * only for running it. One listener for the page, whichever app drew the link; a remote already hinted costs nothing.
 */
export function prefetchRemotesOfLinks(): () => void {
  const onIntent = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
    const route = matchRoute(link.pathname);
    if (route) prefetch(routes[route.name].remote);
  };
  document.addEventListener('pointerover', onIntent, { passive: true });
  document.addEventListener('focusin', onIntent);
  return () => {
    document.removeEventListener('pointerover', onIntent);
    document.removeEventListener('focusin', onIntent);
  };
}
