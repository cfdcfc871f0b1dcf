// @ts-check
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
} from '@aws-sdk/client-s3';
import pLimit from 'p-limit';
import { appNames } from '@murmur/config/apps';
import { filesUnder } from '../contentHash.js';
import { wroteStep } from '../writeSteps.js';
import { objectHeaders } from '../objectHeaders.js';
import { Refusal } from '../refusal.js';
import { parseReleaseRecord, recordName } from '../releaseRecord.js';
import { retiredInCheck } from '../retiredRemotes.js';
import { checkedKey, pointerKeys, storeKeys, versionPattern } from '../storePaths.js';
import { noteSeen, noteWritten, runLockedWork, seenVersion } from '../lockedWork.js';
import { conditionalWritesHonoured } from './conditionalWrites.js';
import { isAbsent, isPreconditionFailed } from './s3Errors.js';
import { beforeLockedRead, beforeLockedWrite, lostAtWrite, withS3Lock } from './s3Lock.js';
import { s3Client } from './s3Client.js';
import { parseS3Location } from './s3Location.js';

/** @typedef {import('./backend.js').StoreBackend} StoreBackend */

/** How many objects a release uploads at once. */
const uploadsAtOnce = 8;

/**
 * The store on S3-compatible object storage (docs/release-store.md, "Where the store is kept"): `s3://bucket/prefix`.
 * - A release's objects are uploaded once, each with the headers it is to be served with (store/objectHeaders.js), its
 *   record last: a release without its record is incomplete, and no command sees it. An object that exists is never
 *   overwritten: one with other bytes refuses the release.
 * - A pointer is one PUT, so a reader sees the old one or the new; a switch of several goes through the journal
 *   (switches/pointerSwitch.js), as in a folder.
 * - Commands take turns through a lock object written with conditional writes (s3Lock.js), on a server that honours
 *   them (probed once per command). On a server that does not, pointer-writing commands are refused unless
 *   MURMUR_S3_SINGLE_WRITER=1 says that the pipeline runs one at a time. Under the lock, every write and removal
 *   first checks that the lock is still this command's, and every read that it was not lost. A version is an
 *   object's ETag, as the command read it; a write or removal given one is sent with If-Match on it (If-None-Match:
 *   * for none), and a refusal (412) is a lost lock.
 * @param {string} location
 * @param {Record<string, string | undefined>} env
 * @returns {StoreBackend}
 */
export function s3Backend(location, env) {
  const { bucket, prefix } = parseS3Location(location);
  const client = s3Client(env);
  const objectKey = (/** @type {string} */ key) => `${prefix}${key}`;
  /** The object of a file's key: never one outside the store's prefix (S3 keys are names, `..` included). */
  const fileObject = (/** @type {string} */ key) => objectKey(checkedKey(key, location));
  /** @type {Promise<boolean> | undefined} */
  let conditional;
  const conditionalWrites = () => (conditional ??= conditionalWritesHonoured({ client, bucket, prefix }));

  const readBytes = async (/** @type {string} */ key) => {
    beforeLockedRead();
    try {
      const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: fileObject(key) }));
      const bytes = Buffer.from((await answer.Body?.transformToByteArray()) ?? []);
      noteSeen(key, answer.ETag ?? '');
      return bytes;
    } catch (error) {
      if (!isAbsent(error)) throw error;
      noteSeen(key, null);
      return null;
    }
  };
  /** The object's ETag, or null when there is none. */
  const etagOf = async (/** @type {string} */ key) => {
    beforeLockedRead();
    try {
      return (await client.send(new HeadObjectCommand({ Bucket: bucket, Key: fileObject(key) }))).ETag ?? '';
    } catch (error) {
      if (isAbsent(error)) return null;
      throw error;
    }
  };
  const has = async (/** @type {string} */ key) => (await etagOf(key)) !== null;
  /** @param {string | null | undefined} version @returns {{ IfMatch?: string; IfNoneMatch?: string }} */
  const onlyIf = (version) =>
    version === undefined ? {} : version === null ? { IfNoneMatch: '*' } : { IfMatch: version };
  /** Every key under `under` (a key prefix inside the store), or the folders right under it with `folders`. */
  const list = async (/** @type {string} */ under, { folders = false } = {}) => {
    /** @type {string[]} */
    const found = [];
    beforeLockedRead();
    /** @type {string | undefined} */
    let token;
    do {
      const page = await client.send(
        new ListObjectsV2Command({
          Bucket: bucket,
          Prefix: objectKey(under),
          ContinuationToken: token,
          ...(folders ? { Delimiter: '/' } : {}),
        }),
      );
      const keys = folders
        ? (page.CommonPrefixes ?? []).map((common) => common.Prefix ?? '')
        : (page.Contents ?? []).map((object) => object.Key ?? '');
      found.push(...keys.map((key) => key.slice(objectKey(under).length)));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return found;
  };
  /**
   * Uploads one object of a release unless it is there: with If-None-Match where the server honours it, else after
   * a look (then two identical releases at once may both write it, with the same bytes).
   * @param {string} key
   * @param {Buffer} body
   * @param {ReturnType<typeof objectHeaders>} headers
   * @returns {Promise<boolean>} false when it was there already, with the same bytes
   */
  const putOnce = async (key, body, headers) => {
    const same = async () => {
      const existing = await readBytes(key);
      if (existing && !existing.equals(body)) {
        throw new Refusal(`${location}/${key} exists with other bytes; a release never overwrites an object`);
      }
      return existing !== null;
    };
    const honoured = await conditionalWrites();
    if (!honoured && (await same())) return false;
    try {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: fileObject(key),
          Body: body,
          ...headers,
          ...(honoured ? { IfNoneMatch: '*' } : {}),
        }),
      );
      return true;
    } catch (error) {
      if (honoured && isPreconditionFailed(error)) return !(await same());
      throw error;
    }
  };

  return {
    location,
    read: async (key) => (await readBytes(key))?.toString('utf8') ?? null,
    readBytes,
    has,
    versionOf: async (key) => {
      const seen = seenVersion(key);
      if (seen !== undefined) return seen;
      const version = await etagOf(key);
      noteSeen(key, version);
      return version;
    },
    write: async (key, content, version) => {
      await beforeLockedWrite();
      try {
        const answer = await client.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: fileObject(key),
            Body: content,
            ...objectHeaders(key, []),
            ...onlyIf(version),
          }),
        );
        noteWritten(key, answer.ETag ?? '');
      } catch (error) {
        if (version !== undefined && isPreconditionFailed(error)) throw lostAtWrite(location, key);
        throw error;
      }
      wroteStep(key);
    },
    remove: async (key, version) => {
      await beforeLockedWrite();
      if (version === null) return;
      try {
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: fileObject(key), ...onlyIf(version) }));
        noteWritten(key, null);
      } catch (error) {
        // AWS answers If-Match on no object 404: removed by another, as a 412 says changed by another.
        if (version !== undefined && (isPreconditionFailed(error) || isAbsent(error))) {
          throw lostAtWrite(location, key);
        }
        throw error;
      }
    },
    holdsRelease: async (app, version) => versionPattern.test(version) && has(`${app}/${version}/${recordName}`),
    releasesOf: async (app) => {
      const versions = (await list(`${app}/`, { folders: true }))
        .map((folder) => folder.replace(/\/$/, ''))
        .filter((version) => versionPattern.test(version));
      /** @type {{ version: string; released: number }[]} */
      const complete = [];
      for (const version of versions) {
        try {
          const record = await client.send(
            new HeadObjectCommand({ Bucket: bucket, Key: objectKey(`${app}/${version}/${recordName}`) }),
          );
          complete.push({ version, released: record.LastModified?.getTime() ?? 0 });
        } catch (error) {
          if (!isAbsent(error)) throw error;
        }
      }
      return complete;
    },
    filesOf: async (app, version) => (await list(`${app}/${version}/`)).sort(),
    stagingFolder: async (app) => mkdtempSync(join(tmpdir(), `murmur-release-${app}-`)),
    addRelease: async (app, version, staged) => {
      const folder = `${app}/${version}`;
      const read = parseReleaseRecord(readFileSync(join(staged, recordName), 'utf8'));
      if ('problem' in read) throw new Error(`${staged}: ${read.problem}`);
      const files = filesUnder(staged).filter((file) => file !== recordName);
      const limit = pLimit(uploadsAtOnce);
      await Promise.all(
        files.map((file) =>
          limit(() =>
            putOnce(
              `${folder}/${file}`,
              readFileSync(join(staged, file)),
              objectHeaders(file, read.record.precompressed),
            ),
          ),
        ),
      );
      // The record last: from now on the release is whole, and seen.
      return putOnce(`${folder}/${recordName}`, readFileSync(join(staged, recordName)), objectHeaders(recordName, []));
    },
    withLock: async (work) =>
      withS3Lock(
        { client, bucket, key: objectKey('.lock'), location, env, conditional: await conditionalWrites() },
        () => runLockedWork(work),
      ),
    removeLeftovers: async () => [],
    ownProblems: async () => {
      /** @type {string[]} */
      const problems = [];
      const keys = new Set(await list(''));
      const pointers = new Set([
        '.lock',
        storeKeys.switchJournal,
        storeKeys.overrideSetting,
        storeKeys.healthSetting,
        storeKeys.environmentSetting,
        ...pointerKeys,
      ]);
      // A retired remote's folder keeps its releases, whether or not the app table still lists it.
      const retiredText = keys.has(storeKeys.retiredRemotes) ? await readBytes(storeKeys.retiredRemotes) : null;
      const retired = retiredInCheck(retiredText?.toString('utf8'));
      const apps = [...appNames, ...retired];
      /** @type {Set<string>} */
      const incomplete = new Set();
      for (const key of keys) {
        const [app = '', version = ''] = key.split('/');
        if (pointers.has(key)) continue;
        // A file inside a release folder: the folder's record says the release is whole.
        if (apps.includes(app) && versionPattern.test(version) && key.includes('/', app.length + 1)) {
          if (!keys.has(`${app}/${version}/${recordName}`)) incomplete.add(`${app}/${version}`);
        } else problems.push(`${key}: not part of a store`);
      }
      for (const folder of incomplete) {
        problems.push(
          `${folder}: a release without its record, an upload that stopped midway (or is under way); release it again`,
        );
      }
      return problems;
    },
  };
}
