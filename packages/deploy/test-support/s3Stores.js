// @ts-check
// Stores on the S3 server of the tests (s3Server.js), driven through the store's command line: in this process, or in
// a process of its own where that is the point (a kill, a pause, another clock, commands of separate processes).
import { request } from 'node:http';
import { appNames } from '@murmur/config/apps';
import { expect } from 'vitest';
import { promote } from '../src/switches/promote.js';
import { release } from '../src/store/release.js';
import { fakeBuild } from './testBuilds.js';
import { remotes, storeCommand, storeCommandInProcess } from './testStore.js';

/**
 * A fake build of `app`, its page labelled.
 * @param {keyof typeof remotes | 'shell'} app
 * @param {string} label
 */
function fakeBuildOf(app, label) {
  const name = app === 'shell' ? 'shell' : remotes[app].name;
  const exposes = app === 'shell' ? [] : [...remotes[app].exposes];
  return fakeBuild({ name, exposes, page: `<title>${app} ${label}</title>` });
}

/** @typedef {{ endpoint: string; bucket: string; env: Record<string, string> }} S3Server */

/**
 * What a test needs of stores on `server`, each test's under a prefix of its own.
 * @param {() => S3Server} serverOf the server, once started
 */
export function s3Stores(serverOf) {
  let stores = 0;
  /** A store of its own under the bucket, for one test. */
  const freshStore = () => `s3://${serverOf().bucket}/test-${++stores}`;
  /** The key prefix of `store` inside the bucket. @param {string} store */
  const prefixOf = (store) => store.slice(`s3://${serverOf().bucket}/`.length);

  /**
   * A store command against `store` on the S3 server, run in this process.
   * @param {string} store
   * @param {string[]} args
   * @param {Record<string, string>} [env]
   */
  const s3Command = (store, args, env = {}) => storeCommandInProcess(store, args, { ...serverOf().env, ...env });

  /**
   * A store command against `store` on the S3 server, in a process of its own.
   * @param {string} store
   * @param {string[]} args
   * @param {Record<string, string>} [env]
   * @param {{ started?: (child: import('node:child_process').ChildProcess) => void }} [options]
   */
  const s3Process = (store, args, env = {}, options = {}) =>
    storeCommand(store, args, { ...serverOf().env, ...env }, options);

  /**
   * Releases a fake build of `app` into `store` through the command line; its version.
   * @param {string} store
   * @param {keyof typeof remotes | 'shell'} app
   * @param {string} label
   */
  async function releaseFake(store, app, label) {
    const released = await s3Command(store, ['release', app, '--from', fakeBuildOf(app, label)]);
    expect(released.code, released.stderr).toBe(0);
    return released.stdout;
  }

  /** A store where the shell and every remote are live, each at its first release, released and promoted here. */
  async function liveStore() {
    const store = freshStore();
    const env = { ...process.env, ...serverOf().env };
    /** @type {Record<string, string>} */
    const versions = {};
    for (const app of appNames) {
      const { version } = await release({ store, app, from: fakeBuildOf(app, 'v0'), env });
      await promote({ store, app, version, env });
      versions[app] = version;
    }
    return { store, versions };
  }

  /**
   * An object of the bucket as a browser behind the edge would get it: unsigned, not decoded.
   * @param {string} key inside the bucket
   * @param {Record<string, string>} [headers]
   * @returns {Promise<{ status: number; headers: import('node:http').IncomingHttpHeaders; body: Buffer }>}
   */
  function getObject(key, headers = {}) {
    const server = serverOf();
    return new Promise((resolve, reject) => {
      request(`${server.endpoint}/${server.bucket}/${key}`, { headers }, (response) => {
        /** @type {Buffer[]} */
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      })
        .on('error', reject)
        .end();
    });
  }

  /** The store's remotes.json as the edge reads it. @param {string} store */
  const remotesPointer = async (store) =>
    JSON.parse((await getObject(`${prefixOf(store)}/shell/remotes.json`)).body.toString());

  return { freshStore, prefixOf, s3Command, s3Process, releaseFake, liveStore, getObject, remotesPointer };
}
