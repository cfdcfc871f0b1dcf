// @ts-check
import { appNames } from './apps.js';
import { promote } from './promote.js';
import { release } from './release.js';
import { fakeBuild, temporaryStore } from './testBuilds.js';

/** @typedef {import('./apps.js').AppName} AppName */

/** Each app's fake build, with the federation name and modules the promote checks ask of it. */
const builds = {
  shell: { name: 'murmur_shell' },
  'auth-mfe': { name: 'murmur_auth', exposes: ['./app'] },
  'feed-mfe': { name: 'murmur_feed', exposes: ['./app', './UserPostList'] },
  'profile-mfe': { name: 'murmur_profile', exposes: ['./app'] },
};

/**
 * A temporary store where one release of every app is live, as `npm start` leaves it (the shell first: the remotes
 * are checked against it).
 * @returns {{ store: string; versions: Record<AppName, string> }}
 */
export function promotedStore() {
  const store = temporaryStore();
  const versions = /** @type {Record<AppName, string>} */ ({});
  for (const app of appNames) {
    const { version } = release({ store, app, from: fakeBuild(builds[app]) });
    promote({ store, app, version, env: {} });
    versions[app] = version;
  }
  return { store, versions };
}
