// @ts-check
import { ports } from './ports.js';

/**
 * The federation names of the remotes, with the app folder that builds each. Browser code reads this too, so it
 * imports nothing from Node.
 */
export const remoteApps = /** @type {const} */ ({
  murmur_auth: 'auth-mfe',
  murmur_feed: 'feed-mfe',
  murmur_profile: 'profile-mfe',
});

/** @typedef {keyof typeof remoteApps} RemoteName */

/** The shell's federation name: it provides the shared singletons every remote is checked against. */
export const shellFederationName = 'murmur_shell';

/**
 * The modules the composed app loads from each remote: the shell mounts `./app`, and profile-mfe shows feed-mfe's
 * `./UserPostList`. A release that lacks one is refused before it goes live.
 * @type {Record<RemoteName, readonly string[]>}
 */
export const consumedModules = {
  murmur_auth: ['./app'],
  murmur_feed: ['./app', './UserPostList'],
  murmur_profile: ['./app'],
};

/**
 * The remotes that expose `./preload` (remote-kit's RoutePreload): the shell loads it beside `./app` and calls it with
 * the page's store and path, so that the route's data is asked while the remote's code loads. Optional: a build
 * without it (or whose preload fails) only loses that head start, so a release is not refused for lacking it.
 * @type {readonly RemoteName[]}
 */
export const preloadingRemotes = ['murmur_feed', 'murmur_profile'];

/**
 * Where each remote's manifest is when it runs on this machine. The composed app reads the real locations from
 * remotes.json at run time; a remote running alone falls back on these to load another remote's modules.
 * @type {Record<RemoteName, string>}
 */
export const localRemoteLocations = {
  murmur_auth: `http://localhost:${ports['auth-mfe']}/mf-manifest.json`,
  murmur_feed: `http://localhost:${ports['feed-mfe']}/mf-manifest.json`,
  murmur_profile: `http://localhost:${ports['profile-mfe']}/mf-manifest.json`,
};

/**
 * How long each step of loading a remote (remotes.json, then its manifest, entry and chunks) may take before the
 * remote's place shows a message with Retry instead of its skeleton: a stalled CDN edge never answers at all.
 */
export const remoteLoadTimeLimitMs = 12_000;

/**
 * Retry loads a remote under URLs no earlier attempt used, so that a request that stalled for ever (and the
 * browser's module map, which keeps waiting on it) cannot shadow them: its manifest is asked for under
 * `/_attempt/<n>/` in front of the path, and every file the runtime then finds relative to it (entry, chunks,
 * styles) carries the prefix too. The store server answers such a path as the path without it; a CDN needs one
 * rewrite rule that does the same. Where the prefix is not served, Retry falls back on a query on the manifest
 * and entry URLs.
 */
export const attemptPrefix = '/_attempt/';

/**
 * The remote's manifest URL for attempt `attempt`, the prefix put in front of its path.
 * @param {string} manifestUrl
 * @param {number} attempt
 */
export function attemptManifestUrl(manifestUrl, attempt) {
  const url = new URL(manifestUrl, globalThis.location?.href);
  url.pathname = `${attemptPrefix}${attempt}${url.pathname}`;
  return url.href;
}

/**
 * The path an attempt's path stands for, or null when it carries no attempt prefix.
 * @param {string} pathname
 */
export function pathWithoutAttempt(pathname) {
  if (!pathname.startsWith(attemptPrefix)) return null;
  const match = /^(\d+)(\/.*)$/.exec(pathname.slice(attemptPrefix.length));
  return match ? match[2] : null;
}
