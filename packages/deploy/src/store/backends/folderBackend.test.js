// @ts-check
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { temporaryStore } from '../../../test-support/testBuilds.js';
import { folderBackend } from './folderBackend.js';

describe('the store in a folder', () => {
  it('refuses every key that leaves its root, before touching a file', async () => {
    const outer = temporaryStore();
    const root = join(outer, 'store');
    const backend = folderBackend(root, {});
    writeFileSync(join(outer, 'secret'), 'outside the store\n');
    for (const key of ['../secret', 'shell/../../secret', '/etc/hostname', 'shell//x', './shell/live.json']) {
      await expect(backend.read(key), key).rejects.toThrow(`${JSON.stringify(key)} is not a key inside ${root}`);
      await expect(backend.has(key), key).rejects.toThrow('is not a key inside');
      await expect(backend.write(key, 'x'), key).rejects.toThrow('is not a key inside');
      await expect(backend.remove(key), key).rejects.toThrow('is not a key inside');
    }
    expect(existsSync(join(outer, 'secret'))).toBe(true);
  });

  it('replaces a pointer only if it is still as the command read it, as S3 does with If-Match', async () => {
    const root = temporaryStore();
    const backend = folderBackend(root, {});
    const remotes = 'shell/remotes.json';
    await backend.write(remotes, 'A\n');
    const work = backend.withLock(async () => {
      await backend.read(remotes);
      const read = await backend.versionOf(remotes);
      await backend.write('.switch.json', '{}\n', null);
      // Meanwhile another command, which took the lock over from this one (paused past the stale time), writes it.
      writeFileSync(join(root, remotes), 'B\n');
      await backend.write(remotes, 'C\n', read);
    });

    await expect(work).rejects.toThrow(
      `lost the lock of ${root}: ${remotes} changed since this command read it, so another command took the lock ` +
        'over; this command had written .switch.json; the next command completes its switch only if no pointer it ' +
        'writes has moved since',
    );
    expect(readFileSync(join(root, remotes), 'utf8')).toBe('B\n');
    expect(readdirSync(join(root, 'shell')), 'no temporary file left').toEqual(['remotes.json']);
    await expect(backend.withLock(() => backend.write('.switch.json', '{}\n', null))).rejects.toThrow(
      `lost the lock of ${root}: .switch.json changed since this command read it`,
    );
  });
});
