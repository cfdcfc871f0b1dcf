// @ts-check
// The S3 server of the store's tests (docs/release-store.md, "The S3 server of the tests"): conditional writes as AWS
// S3 answers them, the probe that tells a server without them, and the anonymous reads an nginx edge makes.
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync } from 'node:zlib';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { request } from './rawHttp.js';
import { conditionalWritesHonoured } from '../src/store/backends/conditionalWrites.js';
import { isPreconditionFailed } from '../src/store/backends/s3Errors.js';
import { startS3Server } from './s3Server.js';

/** @typedef {Awaited<ReturnType<typeof startS3Server>>} S3Server */

/** @param {S3Server} server */
function clientOf(server) {
  return new S3Client({
    endpoint: server.endpoint,
    region: server.env.AWS_REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: server.env.AWS_ACCESS_KEY_ID, secretAccessKey: server.env.AWS_SECRET_ACCESS_KEY },
  });
}

/**
 * A server, an SDK client for it, and shorthands for the writes and reads the tests make.
 * @param {{ conditionalWrites?: boolean }} options
 */
function serverFixture(options) {
  const fixture = {
    server: /** @type {S3Server} */ (/** @type {unknown} */ (undefined)),
    client: /** @type {S3Client} */ (/** @type {unknown} */ (undefined)),
    /** @param {string} key @param {string} body @param {{ IfNoneMatch?: string; IfMatch?: string }} [condition] */
    put: async (key, body, condition = {}) =>
      (
        await fixture.client.send(
          new PutObjectCommand({ Bucket: fixture.server.bucket, Key: key, Body: body, ...condition }),
        )
      ).ETag,
    /** @param {string} key */
    read: async (key) =>
      (
        await fixture.client.send(new GetObjectCommand({ Bucket: fixture.server.bucket, Key: key }))
      ).Body?.transformToString(),
    /** @param {Promise<unknown>} write */
    refused: async (write) =>
      isPreconditionFailed(
        await write.then(
          () => null,
          (error) => error,
        ),
      ),
  };
  beforeAll(async () => {
    fixture.server = await startS3Server(options);
    fixture.client = clientOf(fixture.server);
  });
  afterAll(async () => {
    fixture.client.destroy();
    await fixture.server.stop();
  });
  return fixture;
}

describe('with conditional writes (the patched s3rver)', () => {
  const s3 = serverFixture({});

  test('a create-only PUT of an existing key is refused with 412 and the object is unchanged', async () => {
    await s3.put('create-only/existing', 'first', { IfNoneMatch: '*' });
    expect(await s3.refused(s3.put('create-only/existing', 'second', { IfNoneMatch: '*' }))).toBe(true);
    expect(await s3.read('create-only/existing')).toBe('first');
  });

  test('If-Match: a stale ETag is refused and changes nothing, the current one is accepted', async () => {
    const first = await s3.put('if-match/pointer', 'v1');
    const second = await s3.put('if-match/pointer', 'v2', { IfMatch: first });
    expect(second).not.toBe(first);
    expect(await s3.refused(s3.put('if-match/pointer', 'v3', { IfMatch: first }))).toBe(true);
    expect(await s3.read('if-match/pointer')).toBe('v2');
    await s3.put('if-match/pointer', 'v3', { IfMatch: second });
    expect(await s3.read('if-match/pointer')).toBe('v3');
  });

  test('If-Match on a key that does not exist is refused and writes nothing', async () => {
    expect(await s3.refused(s3.put('if-match/absent', 'v1', { IfMatch: '"0123456789abcdef0123456789abcdef"' }))).toBe(
      true,
    );
    await expect(s3.read('if-match/absent')).rejects.toMatchObject({ name: 'NoSuchKey' });
  });

  test('of create-only PUTs racing on one key, exactly one lands', async () => {
    const bodies = ['a', 'b', 'c', 'd', 'e', 'f'];
    const results = await Promise.allSettled(bodies.map((body) => s3.put('race/lock', body, { IfNoneMatch: '*' })));
    const landed = bodies.filter((_, index) => results[index]?.status === 'fulfilled');
    expect(landed).toHaveLength(1);
    expect(
      results.filter((result) => result.status === 'rejected' && isPreconditionFailed(result.reason)),
    ).toHaveLength(bodies.length - 1);
    expect(await s3.read('race/lock')).toBe(landed[0]);
  });

  test('DeleteObject with a stale If-Match is refused, keeping the object; with current ETag, deletes', async () => {
    const first = await s3.put('delete/lock', 'held');
    const current = await s3.put('delete/lock', 'held again');
    const remove = (/** @type {string | undefined} */ etag) =>
      s3.client.send(new DeleteObjectCommand({ Bucket: s3.server.bucket, Key: 'delete/lock', IfMatch: etag }));
    expect(await s3.refused(remove(first))).toBe(true);
    expect(await s3.read('delete/lock')).toBe('held again');
    await remove(current);
    await expect(s3.read('delete/lock')).rejects.toMatchObject({ name: 'NoSuchKey' });
  });

  test('the probe finds conditional writes honoured, and leaves no probe key behind', async () => {
    expect(await conditionalWritesHonoured({ client: s3.client, bucket: s3.server.bucket, prefix: 'probe/' })).toBe(
      true,
    );
    const listing = await fetch(`${s3.server.endpoint}/${s3.server.bucket}?list-type=2&prefix=probe/`);
    expect(await listing.text()).not.toContain('<Key>');
  });
});

describe('writes, as S3 makes them', () => {
  const s3 = serverFixture({});
  const body = (/** @type {string} */ mark) => mark.repeat(4 * 1024 * 1024);

  test('a PUT is answered once the object is stored: the next read gets all of it', async () => {
    for (const mark of ['a', 'b', 'c', 'd']) {
      await s3.put('whole/object', body(mark));
      expect(await s3.read('whole/object')).toBe(body(mark));
    }
  });

  test('a reader during a replacing PUT gets the old object or the new one, never a part', async () => {
    await s3.put('whole/replaced', body('a'));
    let replaced = false;
    const replacing = s3.put('whole/replaced', body('b')).then(() => (replaced = true));
    const reads = [];
    while (!replaced) reads.push(await s3.read('whole/replaced'));
    await replacing;
    reads.push(await s3.read('whole/replaced'));
    for (const read of reads) expect([body('a'), body('b')]).toContain(read);
    expect(reads.at(-1)).toBe(body('b'));
  });
});

describe('without conditional writes (conditionalWrites: false, as s3rver 3.7.1 ships)', () => {
  const s3 = serverFixture({ conditionalWrites: false });

  test('the probe says so', async () => {
    expect(await conditionalWritesHonoured({ client: s3.client, bucket: s3.server.bucket, prefix: 'probe/' })).toBe(
      false,
    );
  });

  test('a write with a stale ETag lands, and so does a create-only PUT of an existing key', async () => {
    const first = await s3.put('stale/pointer', 'v1');
    await s3.put('stale/pointer', 'v2');
    await s3.put('stale/pointer', 'v3', { IfMatch: first });
    expect(await s3.read('stale/pointer')).toBe('v3');
    await s3.put('stale/pointer', 'v4', { IfNoneMatch: '*' });
    expect(await s3.read('stale/pointer')).toBe('v4');
  });
});

describe('anonymous reads, as an nginx edge makes them', () => {
  const s3 = serverFixture({});
  const text = 'console.log("hello from the store");\n'.repeat(20);
  const compressed = brotliCompressSync(text);
  const headers = { ContentType: 'text/javascript', CacheControl: 'public, max-age=31536000, immutable' };

  beforeAll(async () => {
    const put = (/** @type {string} */ Key, /** @type {Buffer | string} */ Body, /** @type {object} */ extra) =>
      s3.client.send(new PutObjectCommand({ Bucket: s3.server.bucket, Key, Body, ...headers, ...extra }));
    await put('feed-mfe/v1/app.js', text, {});
    await put('feed-mfe/v1/app.js.br', compressed, { ContentEncoding: 'br' });
  });

  const port = () => Number(new URL(s3.server.endpoint).port);

  test('an unsigned GET answers the object with the Content-Type and Cache-Control it was PUT with', async () => {
    const response = await fetch(`${s3.server.endpoint}/${s3.server.bucket}/feed-mfe/v1/app.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(headers.ContentType);
    expect(response.headers.get('cache-control')).toBe(headers.CacheControl);
    expect(await response.text()).toBe(text);
  });

  test('an unsigned GET of a .br object answers its raw bytes with Content-Encoding: br', async () => {
    const { response } = await request(port(), `/${s3.server.bucket}/feed-mfe/v1/app.js.br`);
    expect(response?.status).toBe(200);
    expect(response?.headers.get('content-encoding')).toEqual(['br']);
    expect(response?.headers.get('content-type')).toEqual([headers.ContentType]);
    expect(response?.headers.get('cache-control')).toEqual([headers.CacheControl]);
    expect(response?.body.equals(compressed)).toBe(true);
  });

  test('a range is answered 206 with those bytes', async () => {
    const { response } = await request(port(), `/${s3.server.bucket}/feed-mfe/v1/app.js`, {
      headers: [['Range', 'bytes=0-9']],
    });
    expect(response?.status).toBe(206);
    expect(response?.headers.get('content-range')).toEqual([`bytes 0-9/${Buffer.byteLength(text)}`]);
    expect(response?.body.toString()).toBe(text.slice(0, 10));
  });
});

test('s3ServerMain prints its endpoint and bucket, keeps objects in --dir, and ends on SIGTERM', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'murmur-s3-main-'));
  try {
    const child = spawn(
      process.execPath,
      [fileURLToPath(new URL('./s3ServerMain.js', import.meta.url)), '--dir', dir],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
    /** @type {{ endpoint: string; bucket: string }} */
    const printed = await new Promise((resolve) =>
      createInterface({ input: /** @type {import('node:stream').Readable} */ (child.stdout) }).once('line', (line) =>
        resolve(JSON.parse(line)),
      ),
    );
    const put = await fetch(`${printed.endpoint}/${printed.bucket}/kept.txt`, { method: 'PUT', body: 'kept' });
    expect(put.status).toBe(200);
    child.kill('SIGTERM');
    expect(await exited).toEqual({ code: 0, signal: null });
    expect(await readdir(join(dir, printed.bucket))).toContain('kept.txt._S3rver_object');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
