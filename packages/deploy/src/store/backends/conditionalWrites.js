// @ts-check
// Whether an S3-compatible server honours conditional writes, which the store's lock relies on
// (docs/release-store.md, "Where the store is kept").
import { randomUUID } from 'node:crypto';
import { DeleteObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { isPreconditionFailed } from './s3Errors.js';

/**
 * Probes the server once: a create-only PUT (If-None-Match: *) of a fresh key under `prefix`, twice. True when the
 * second is refused with 412, false when it is accepted; the probe key is deleted either way.
 * @param {{ client: import('@aws-sdk/client-s3').S3Client; bucket: string; prefix: string }} target
 */
export async function conditionalWritesHonoured({ client, bucket, prefix }) {
  const Key = `${prefix}conditional-writes-probe-${randomUUID()}`;
  const createOnly = () => client.send(new PutObjectCommand({ Bucket: bucket, Key, Body: 'probe', IfNoneMatch: '*' }));
  try {
    await createOnly();
    try {
      await createOnly();
      return false;
    } catch (error) {
      if (isPreconditionFailed(error)) return true;
      throw error;
    }
  } finally {
    await client.send(new DeleteObjectCommand({ Bucket: bucket, Key }));
  }
}
