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
