// @ts-check
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readLiveState } from './store/liveState.js';
import { failingCanary } from '../test-support/failingCanary.js';
import { reportFolderOf } from '../test-support/reportFolderOf.js';
import { startS3Server } from '../test-support/s3Server.js';
import { storeCommandInProcess } from '../test-support/testStore.js';

// docs/production.md as an operator follows it: its commands run as written, but for the paths and the bucket, which
// are this machine's.
const root = fileURLToPath(new URL('../../../', import.meta.url));
const guide = readFileSync(join(root, 'docs/production.md'), 'utf8');

/** The shell commands of the guide's code blocks, each line continued with `\` joined to the next. */
const commands = [...guide.matchAll(/```sh\n([\s\S]*?)```/g)].flatMap(([, block]) =>
  (block ?? '')
    .replace(/\\\n\s*/g, '')
    .split('\n')
    .map((line) => line.replace(/\s+#.*$/, '').trim())
    .filter((line) => line !== '' && !line.startsWith('#')),
);

/** A folder anyone may pass through, as /var/log is. */
function openFolder() {
  const folder = mkdtempSync(join(tmpdir(), 'murmur-production-'));
  chmodSync(folder, 0o755);
  return folder;
}

describe('docs/production.md', () => {
  it('writes an nginx configuration that takes the pages’ reports for a store on S3', async () => {
    const command = commands.find((line) => / nginx-config /.test(line));
    expect(command).toBeDefined();
    const [assignments = '', args = ''] = (command ?? '').split(/\s*npx --yes pnpm@[\d.]+ nginx-config\s*/);
    const env = Object.fromEntries(assignments.split(/\s+/).map((pair) => pair.split('=')));
    const s3 = await startS3Server();
    try {
      const folder = join(openFolder(), 'murmur');
      const out = join(openFolder(), 'murmur.conf');
      const store = String(env.MURMUR_STORE).replace(/^s3:\/\/[^/]+/, `s3://${s3.bucket}`);
      const written = await storeCommandInProcess(
        store,
        ['nginx-config', ...args.split(/\s+/).map((arg) => (arg.startsWith('/etc/') ? out : arg))],
        {
          ...s3.env,
          ...Object.fromEntries(
            Object.entries(env).map(([name, value]) => [name, value.replace(/^\/var\/log\/murmur$/, folder)]),
          ),
          MURMUR_STORE: store,
        },
      );
      expect(written.code, written.stderr).toBe(0);
      expect(written.stderr).not.toContain('takes no reports');
      expect(readFileSync(out, 'utf8')).toContain('location = /_telemetry {');
      expect(existsSync(folder)).toBe(true);
    } finally {
      await s3.stop();
    }
  });

  it('runs the canary health job as the service it points to, which ends a failing canary', async () => {
    const unitPath = /\]\(\.\.\/(packages\/[^)]+\.service)\)/.exec(guide)?.[1];
    expect(unitPath).toBeDefined();
    const unit = readFileSync(join(root, unitPath ?? ''), 'utf8').replace(/\\\n\s*/g, '');
    const setting = (/** @type {string} */ name) =>
      [...unit.matchAll(new RegExp(`^${name}=(.*)$`, 'gm'))].map((m) => m[1] ?? '');
    expect(setting('Restart')).toEqual(['always']);
    const { store, canary } = await failingCanary();
    const statusFolder = openFolder();
    const local = (/** @type {string} */ text) =>
      text
        .replace('/opt/murmur/', root)
        .replace('/var/log/murmur', reportFolderOf(store))
        .replace('/var/www/murmur-status', statusFolder);
    const env = Object.fromEntries(setting('Environment').map((pair) => local(pair).split('=')));
    const [program = '', ...args] = local(setting('ExecStart')[0] ?? '').split(/\s+/);
    expect(program).toMatch(/\/node$/);
    const job = spawn(process.execPath, args, {
      env: { ...process.env, ...env, MURMUR_STORE: store },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let log = '';
    job.stderr.on('data', (chunk) => (log += chunk));
    try {
      await expect
        .poll(() => readLiveState(store, 'profile-mfe')?.canary, { timeout: 30_000, interval: 200 })
        .toBeUndefined();
      expect(readLiveState(store, 'profile-mfe')?.autoRollback?.version, log).toBe(canary);
      await expect.poll(() => existsSync(join(statusFolder, 'index.html')), { timeout: 10_000 }).toBe(true);
    } finally {
      job.kill();
    }
  }, 60_000);
});
