// @ts-check
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { appNames, apps, remoteNames } from '@murmur/config/apps';
import { immutable, revalidate } from '../objectHeaders.js';
import { startS3Server } from '../../../test-support/s3Server.js';
import { s3Stores } from '../../../test-support/s3Stores.js';
import { fakeBuild, temporaryStore } from '../../../test-support/testBuilds.js';
import { remotes, statusName, storeCommandInProcess } from '../../../test-support/testStore.js';
import { openStore } from './openStore.js';
import { s3Client } from './s3Client.js';

/** @typedef {Awaited<ReturnType<typeof startS3Server>>} S3Server */

// The store's commands against a real S3-compatible server (s3rver, patched to honour conditional writes: see
// docs/release-store.md, "The S3 server of the tests"), through the command line: in this process, and in processes
// of their own where commands of separate processes are the point.

/** @type {S3Server} */
let server;
beforeAll(async () => {
  server = await startS3Server();
});
afterAll(() => server?.stop());

const { freshStore, prefixOf, s3Command, s3Process, releaseFake, liveStore, getObject, remotesPointer } = s3Stores(
  () => server,
);

describe('the store on S3', () => {
  it('releases, promotes, lists, rolls back and verifies as in a folder', async () => {
    const { store, versions } = await liveStore();
    // S3 keeps an object's time to the second, and `releases` lists releases of the same second by name: the second
    // release comes a second later, as releases do.
    await sleep(1_000);
    const v1 = await releaseFake(store, 'feed-mfe', 'v1');

    const promoted = await s3Command(store, ['promote', 'feed-mfe', v1]);
    expect(promoted.stdout).toBe(`feed-mfe ${v1} is live (was ${versions['feed-mfe']})`);
    expect((await s3Command(store, ['releases', 'feed-mfe'])).stdout.split('\n')).toEqual([
      `  ${versions['feed-mfe']}`,
      `* ${v1}`,
    ]);
    const status = await s3Command(store, ['status']);
    expect(status.stdout).toContain(`${statusName('feed-mfe')}${v1}  (before it: ${versions['feed-mfe']})`);
    expect(status.stdout).toContain(`${statusName('shell')}${versions.shell}`);

    const prefix = prefixOf(store);
    const pointer = await remotesPointer(store);
    expect(pointer['feed-mfe']).toBe(`http://localhost:${apps['feed-mfe'].port}/${v1}/mf-manifest.json`);
    expect((await getObject(`${prefix}/feed-mfe/index.html`)).body.toString()).toContain(`<base href="/${v1}/" />`);

    const rolledBack = await s3Command(store, ['rollback', 'feed-mfe']);
    expect(rolledBack.stdout).toBe(`feed-mfe ${versions['feed-mfe']} is live again (was ${v1})`);
    const verified = await s3Command(store, ['verify']);
    expect(verified.code, verified.stdout).toBe(0);
    // One of each app, and feed-mfe's v1.
    const releases = appNames.length + 1;
    expect(verified.stderr).toMatch(new RegExp(`: ${releases} releases, \\d+ files and every pointer check out$`));
  });

  it('keeps a canary in its pointers as in a folder: started, widened, ended, verified at each step', async () => {
    const { store, versions } = await liveStore();
    const v1 = await releaseFake(store, 'feed-mfe', 'canary');
    const prefix = prefixOf(store);
    const canaries = async () => JSON.parse((await getObject(`${prefix}/shell/remotes.json`)).body.toString()).canaries;
    const verified = async () => {
      const result = await s3Command(store, ['verify']);
      expect(result.code, result.stdout).toBe(0);
    };

    expect((await s3Command(store, ['promote', 'feed-mfe', v1, '--canary', '30'])).stdout).toBe(
      `feed-mfe ${v1} is live for 30 % of people`,
    );
    expect(await canaries()).toEqual({
      'feed-mfe': { percent: 30, manifest: `http://localhost:${apps['feed-mfe'].port}/${v1}/mf-manifest.json` },
    });
    const stable = await remotesPointer(store);
    expect(stable['feed-mfe']).toContain(`/${versions['feed-mfe']}/`);
    await verified();

    expect((await s3Command(store, ['ramp', 'feed-mfe', '60'])).code).toBe(0);
    expect((await canaries())['feed-mfe'].percent).toBe(60);
    expect((await s3Command(store, ['status'])).stdout).toContain(
      `${statusName('feed-mfe')}stable ${versions['feed-mfe']} 40 %  canary ${v1} 60 %`,
    );
    await verified();

    expect((await s3Command(store, ['rollback', 'feed-mfe'])).stdout).toBe(
      `feed-mfe canary ${v1} ended: ${versions['feed-mfe']} is live for everyone`,
    );
    expect(await canaries()).toBeUndefined();
    await verified();
  });

  it('uploads each object with the headers it is served with, and pointers revalidated', async () => {
    const store = freshStore();
    const version = await releaseFake(store, 'feed-mfe', 'headers');
    const folder = `${prefixOf(store)}/feed-mfe/${version}`;
    const asset = await getObject(`${folder}/assets/index-Ab12Cd34.js`);
    expect(asset.headers['content-type']).toBe('text/javascript');
    expect(asset.headers['cache-control']).toBe(immutable);
    expect(asset.headers['content-encoding']).toBeUndefined();
    const brotli = await getObject(`${folder}/assets/index-Ab12Cd34.js.br`);
    expect(brotli.headers['content-type']).toBe('text/javascript');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['cache-control']).toBe(immutable);
    const gzip = await getObject(`${folder}/assets/index-Ab12Cd34.js.gz`);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const manifest = await getObject(`${folder}/mf-manifest.json`);
    expect(manifest.headers['content-type']).toBe('application/json');
    expect(manifest.headers['cache-control']).toBe(revalidate);
    const page = await getObject(`${folder}/index.html`);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
  });

  it('releases the same build twice as one version, and refuses one that would overwrite another object', async () => {
    const store = freshStore();
    const from = fakeBuild({ name: 'feed_mfe', exposes: [...remotes['feed-mfe'].exposes] });
    const first = await s3Command(store, ['release', 'feed-mfe', '--from', from]);
    const again = await s3Command(store, ['release', 'feed-mfe', '--from', from]);
    expect(again.stdout).toBe(first.stdout);
    expect(again.stderr).toBe(`feed-mfe ${first.stdout} was already in the store`);

    // Another build whose version's folder already holds an object of other bytes (a half upload of something else).
    const other = fakeBuild({
      name: 'feed_mfe',
      exposes: [...remotes['feed-mfe'].exposes],
      page: '<title>other</title>',
    });
    const version = (await storeCommandInProcess(temporaryStore(), ['release', 'feed-mfe', '--from', other])).stdout;
    const key = `${prefixOf(store)}/feed-mfe/${version}/remoteEntry.js`;
    await s3Client(server.env).send(new PutObjectCommand({ Bucket: server.bucket, Key: key, Body: 'planted' }));
    const refused = await s3Command(store, ['release', 'feed-mfe', '--from', other]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      `refused: ${store}/feed-mfe/${version}/remoteEntry.js exists with other bytes; ` +
        'a release never overwrites an object',
    );
    expect((await getObject(key)).body.toString()).toBe('planted');
    // Never whole, so never seen.
    expect((await s3Command(store, ['releases', 'feed-mfe'])).stdout).toBe(`  ${first.stdout}`);
    const promote = await s3Command(store, ['promote', 'feed-mfe', version]);
    expect(promote.stderr).toBe(`refused: feed-mfe has no release ${version} in ${store}`);
    expect((await s3Command(store, ['verify'])).stdout).toContain(`feed-mfe/${version}: a release without its record`);
  });

  it('serializes promotions of different remotes from separate processes: none is lost', async () => {
    const { store } = await liveStore();
    /** @type {Partial<Record<import('@murmur/config/apps').RemoteName, string>>} */
    const next = {};
    for (const remote of remoteNames) next[remote] = await releaseFake(store, remote, 'v1');
    const results = await Promise.all(
      Object.entries(next).map(([app, version]) => s3Process(store, ['promote', app, version])),
    );
    for (const result of results) expect(result.code, result.stderr).toBe(0);
    const pointer = await remotesPointer(store);
    for (const [app, version] of Object.entries(next)) {
      const port = apps[/** @type {import('@murmur/config/apps').RemoteName} */ (app)].port;
      expect(pointer[app], app).toBe(`http://localhost:${port}/${version}/mf-manifest.json`);
    }
    expect((await s3Command(store, ['verify'])).code).toBe(0);
  });

  it('lets one command at a time into the lock: read-modify-writes that overlap lose nothing', async () => {
    const backend = openStore(freshStore(), server.env);
    const increments = Array.from({ length: 5 }, () =>
      backend.withLock(async () => {
        const count = Number((await backend.read('counter')) ?? '0');
        await sleep(50);
        await backend.write('counter', String(count + 1));
      }),
    );
    await Promise.all(increments);
    expect(await backend.read('counter')).toBe('5');
  });

  it('takes over a lock whose holder stopped renewing it, and waits for one that is held', async () => {
    const { store, versions } = await liveStore();
    const lockKey = `${prefixOf(store)}/.lock`;
    const client = s3Client(server.env);
    // Its age is the server's: how long ago it was last written, whatever its holder's clock said.
    const plantLock = () =>
      client.send(
        new PutObjectCommand({ Bucket: server.bucket, Key: lockKey, Body: JSON.stringify({ owner: 'gone' }) }),
      );

    // A holder that renews it, for as long as the command waits.
    await plantLock();
    const renewing = setInterval(() => void plantLock(), 500);
    const busy = await s3Command(store, ['rollback', 'feed-mfe'], { MURMUR_STORE_LOCK_WAIT_MS: '1000' }).finally(() =>
      clearInterval(renewing),
    );
    expect(busy.stderr).toBe(`refused: the store is busy: another command holds ${store}/.lock; gave up after 1 s`);

    // Not renewed again: once 2 s old (MURMUR_STORE_LOCK_STALE_MS in testStore.js), the promote takes it over.
    await plantLock();
    const v1 = await releaseFake(store, 'feed-mfe', 'v1');
    const promoted = await s3Command(store, ['promote', 'feed-mfe', v1]);
    expect(promoted.stdout).toBe(`feed-mfe ${v1} is live (was ${versions['feed-mfe']})`);
    expect((await getObject(lockKey)).status).toBe(404);
  });
});

describe('the store on an S3 server that ignores conditional writes', () => {
  /** @type {S3Server} */
  let plain;
  beforeAll(async () => {
    plain = await startS3Server({ conditionalWrites: false });
  });
  afterAll(() => plain?.stop());

  it('refuses to promote unless the operator says one command runs at a time', async () => {
    const store = `s3://${plain.bucket}/plain`;
    const command = (/** @type {string[]} */ args, env = {}) =>
      storeCommandInProcess(store, args, { ...plain.env, ...env });
    const from = fakeBuild({ name: 'shell' });
    const released = await command(['release', 'shell', '--from', from]);
    expect(released.code, released.stderr).toBe(0);
    const refused = await command(['promote', 'shell', released.stdout]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      `refused: the server of ${store} ignores conditional writes (If-None-Match), ` +
        'so store commands cannot take turns there; run them one at a time and set MURMUR_S3_SINGLE_WRITER=1',
    );
    expect((await command(['status'])).stdout).toMatch(/^shell +not live$/m);
    const promoted = await command(['promote', 'shell', released.stdout], { MURMUR_S3_SINGLE_WRITER: '1' });
    expect(promoted.stdout).toBe(`shell ${released.stdout} is live`);
  });
});
