// @ts-check
// s3rver on loopback for the store's tests (docs/release-store.md, "The S3 server of the tests"): one bucket in a
// temporary folder, conditional writes honoured unless `conditionalWrites: false`.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { s3ServerBucket as bucket, s3ServerEnv } from './s3ServerAccess.js';

/**
 * @param {{ conditionalWrites?: boolean; port?: number; directory?: string }} [options] directory: where objects are
 *   kept, left in place by `stop` (by default a fresh temporary folder, removed by `stop`)
 */
export async function startS3Server({ conditionalWrites = true, port = 0, directory } = {}) {
  const root = directory ?? (await mkdtemp(join(tmpdir(), 'murmur-s3-')));
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    directory: root,
    silent: true,
    configureBuckets: [{ name: bucket }],
    conditionalWrites,
  });
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    endpoint,
    bucket,
    env: s3ServerEnv(endpoint),
    async stop() {
      const closed = server.close();
      server.httpServer.closeAllConnections();
      await closed;
      if (directory === undefined) await rm(root, { recursive: true, force: true });
    },
  };
}
