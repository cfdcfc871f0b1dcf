// @ts-check
import { existsSync, writeFileSync } from 'node:fs';
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
});
