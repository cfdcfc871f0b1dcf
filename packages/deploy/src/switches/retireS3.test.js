// @ts-check
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { livePointersOf, storeKeys } from '../store/storePaths.js';
import { startS3Server } from '../../test-support/s3Server.js';
import { s3Stores } from '../../test-support/s3Stores.js';
import { fakeBuild } from '../../test-support/testBuilds.js';
import { modules, usesFile } from '../../test-support/testContracts.js';

/** @typedef {Awaited<ReturnType<typeof startS3Server>>} S3Server */

// retire on a store on the S3 server of the tests, through the command line: its refusal while the live shell mounts
// the remote, its switch, verify on the store after it, and the promote that brings the remote back.

/** @type {S3Server} */
let server;
beforeAll(async () => {
  server = await startS3Server();
});
afterAll(() => server?.stop());

const { s3Command, liveStore, getObject, prefixOf, remotesPointer } = s3Stores(() => server);

/** What is live of `store` that retire may change: each of those keys' bytes, or null. @param {string} store */
async function liveKeys(store) {
  const keys = [
    storeKeys.remotesPointer,
    storeKeys.retiredRemotes,
    ...['auth-mfe', 'feed-mfe', 'profile-mfe'].flatMap((remote) => livePointersOf(remote)),
    storeKeys.livePage('shell'),
    storeKeys.liveState('shell'),
  ];
  /** @type {Record<string, string | null>} */
  const held = {};
  for (const key of keys) {
    const { status, body } = await getObject(`${prefixOf(store)}/${key}`);
    held[key] = status === 200 ? body.toString('utf8') : null;
  }
  return held;
}

describe('retire on S3', () => {
  it('refuses a remote the live shell mounts, retires it after a shell without it; a promote undoes it', async () => {
    const { store, versions } = await liveStore();
    const before = await liveKeys(store);
    // The live shell's release publishes no uses: the app table's (every remote) stand for them.
    const refused = await s3Command(store, ['retire', 'profile-mfe']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^refused: profile-mfe is in use, so it stays live: the live shell \S+ loads /);
    expect(await liveKeys(store)).toEqual(before);

    const uses = usesFile({ 'auth-mfe/app': modules.app(), 'feed-mfe/app': modules.app() });
    const from = fakeBuild({ name: 'shell', page: '<title>shell without profile</title>', published: { uses } });
    const shell = await s3Command(store, ['release', 'shell', '--from', from]);
    expect((await s3Command(store, ['promote', 'shell', shell.stdout])).code).toBe(0);
    const promoted = await liveKeys(store);

    const retired = await s3Command(store, ['retire', 'profile-mfe']);
    expect(retired, retired.stderr).toMatchObject({ code: 0 });
    const after = await liveKeys(store);
    for (const key of livePointersOf('profile-mfe')) expect(after[key], key).toBeNull();
    expect(JSON.stringify(await remotesPointer(store))).not.toContain('profile-mfe');
    expect(after[storeKeys.retiredRemotes]).toBe('{\n  "remotes": [\n    "profile-mfe"\n  ]\n}\n');
    // The other remotes' pointers are as they were; their route pages carry the new remotes.json.
    for (const remote of ['auth-mfe', 'feed-mfe'])
      for (const key of livePointersOf(remote).slice(1)) expect(after[key], key).toBe(promoted[key]);
    const verified = await s3Command(store, ['verify']);
    expect(verified.code, verified.stdout).toBe(0);
    expect((await s3Command(store, ['releases', 'profile-mfe'])).stdout).toBe(`  ${versions['profile-mfe']}`);

    const back = await s3Command(store, ['promote', 'profile-mfe', versions['profile-mfe'] ?? '']);
    expect(back, back.stderr).toMatchObject({ code: 0 });
    expect(await liveKeys(store)).toEqual(promoted);
    expect((await s3Command(store, ['verify'])).code).toBe(0);
  });
});
