// @ts-check
import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { apps, remoteNames } from '@murmur/config/apps';
import { routeOwners } from '@murmur/config/routes';
import { resolvedDataId } from '@murmur/config/resolved-page';
import { release } from '../store/release.js';
import { storeKeys } from '../store/storePaths.js';
import { promote } from './promote.js';
import { verifyStore } from './verify.js';
import { fakeBuild, temporaryStore } from '../../test-support/testBuilds.js';
import { promotedStore, remotes, snapshot } from '../../test-support/testStore.js';

// The promise a team relies on when it ships its remote alone: releasing and promoting one remote changes only its
// own pointers (live state, live manifest, live page), remotes.json, and the shell's route pages, each of which
// carries remotes.json inline (page/resolvedPage.js); of another owner's route page, only that inline copy and the
// import map's integrity, both remotes.json's. Every other file of the store, every byte, stays. Every app live, as
// `npm start` leaves the store (on the tests' small builds, so that it runs before the workspace is built).

const { store } = await promotedStore();
/**
 * What a route page carries of remotes.json (page/resolvedPage.js): its inline data (remotes.json, the owner's
 * manifests, the runtime files mapped) and the import map after it (the owner's runtime files, every script's
 * integrity), each parsed, and the page without them.
 * @param {string} html
 */
function resolvedParts(html) {
  const [, dataText = ''] =
    html.match(new RegExp(`<script type="application/json" id="${resolvedDataId}">([^<]*)</script>`)) ?? [];
  const after = html.slice(html.indexOf(dataText) + dataText.length);
  const [, mapText = ''] = after.match(/^<\/script>\s*<script type="importmap">([^<]*)<\/script>/) ?? [];
  return {
    data: JSON.parse(dataText),
    map: JSON.parse(mapText),
    rest: html.replace(dataText, '').replace(mapText, ''),
  };
}

/**
 * `record` without the entries whose key starts with `prefix`.
 * @param {Record<string, unknown>} record
 * @param {string} prefix
 */
const without = (record, prefix) =>
  Object.fromEntries(Object.entries(record).filter(([key]) => !key.startsWith(prefix)));

describe('promoting a new release of one remote', () => {
  it.each(remoteNames)(
    '%s: changes its own pointers, remotes.json and the route pages, nothing else',
    async (remote) => {
      const copy = temporaryStore();
      cpSync(store, copy, { recursive: true });
      const before = snapshot(copy);
      // The remote's next build: another version, every module as it was.
      const { name, exposes } = remotes[remote];
      const build = fakeBuild({ name, exposes: [...exposes], page: `<title>${remote}, the next release</title>` });
      const { version } = await release({ store: copy, app: remote, from: build, env: {} });
      await promote({ store: copy, app: remote, version, env: {} });
      const after = snapshot(copy);

      const changed = Object.keys(after).filter((key) => after[key] !== before[key] && !key.startsWith('.lock'));
      const removed = Object.keys(before).filter((key) => !(key in after) && !key.startsWith('.lock'));
      const allowed = new Set([
        storeKeys.liveState(remote),
        storeKeys.liveManifest(remote),
        storeKeys.livePage(remote),
        storeKeys.remotesPointer,
        ...routeOwners.map((owner) => storeKeys.routePage(owner)),
      ]);
      expect(removed).toEqual([]);
      const outside = changed.filter((key) => !allowed.has(key) && !key.startsWith(`${remote}/${version}`));
      expect(outside).toEqual([]);
      for (const key of allowed) expect(changed, key).toContain(key);
      // The route pages of the other owners: changed only in what they carry of remotes.json, and of that only what
      // names the remote's files.
      const read = (/** @type {string} */ at, /** @type {string} */ key) => readFileSync(join(at, key), 'utf8');
      const folder = `http://localhost:${apps[remote].port}/`;
      for (const owner of routeOwners.filter((name) => name !== remote)) {
        const was = resolvedParts(read(store, storeKeys.routePage(owner)));
        const is = resolvedParts(read(copy, storeKeys.routePage(owner)));
        expect(is.rest, owner).toBe(was.rest);
        expect(is.data.remotes, owner).toEqual(JSON.parse(read(copy, storeKeys.remotesPointer)));
        expect({ ...is.data, remotes: null }, owner).toEqual({ ...was.data, remotes: null });
        expect(is.map.imports, owner).toEqual(was.map.imports);
        expect(without(is.map.integrity, folder), owner).toEqual(without(was.map.integrity, folder));
      }
      expect((await verifyStore(copy)).problems).toEqual([]);
    },
  );
});
