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
