// @ts-check
import { appNames } from '@murmur/config/apps';
import { describe, expect, it } from 'vitest';
import { temporaryStore } from '../../test-support/testBuilds.js';
import { storeCommand, storeCommandInProcess } from '../../test-support/testStore.js';
import { reportLogVariable } from '../telemetry/reportLog.js';
import { runCommandLine } from './commandLine.js';
import { usage } from './table.js';

describe('the command line', () => {
  it('prints the usage, naming every command and app, and exits 2 for a command line that fits none', async () => {
    const store = temporaryStore();
    for (const args of [[], ['help'], ['--help'], ['release'], ['promote', 'shell'], ['overrides', 'maybe']]) {
      const result = await storeCommandInProcess(store, args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stdout, args.join(' ')).toBe('');
      expect(result.stderr, args.join(' ')).toBe(usage);
    }
    const names = ['release', 'promote', 'ramp', 'rollback', 'releases', 'status', 'verify', 'serve', 'nginx-config'];
    for (const name of [...names, 'overrides', 'environment', 'canary-health']) {
      expect(usage.split('\n')[0]).toMatch(new RegExp(`(?:^usage: | \\| )${name} `));
    }
    expect(usage).toMatch(/^ {2}apps: shell, auth-mfe, feed-mfe, profile-mfe(?:, [\w-]+)*$/m);
    expect(usage.split('\n')).toContain(`  apps: ${appNames.join(', ')}`);
  });

  it('answers in its own process as in this one', async () => {
    const store = temporaryStore();
    for (const args of [['bogus'], ['ramp', 'feed-mfe', '-5'], ['environment']]) {
      const { code, stdout, stderr } = await storeCommand(store, args);
      expect({ code, stdout, stderr }, args.join(' ')).toEqual({
        ...(await storeCommandInProcess(store, args)),
        signal: undefined,
      });
    }
  });

  it('takes an argument that is no option of the command as typed, and refuses it there', async () => {
    const store = temporaryStore();
    expect(await storeCommandInProcess(store, ['ramp', 'feed-mfe', '-5'])).toMatchObject({
      code: 1,
      stderr: 'refused: "-5" is not a percent',
    });
    expect(await storeCommandInProcess(store, ['canary-health', '-1'])).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/^refused: "-1" is not an option: --margin, /),
    });
  });

  it('sets the report log for the command from --report-log', async () => {
    /** @type {Record<string, string | undefined>} */
    const env = { MURMUR_STORE: temporaryStore() };
    const lines = /** @type {string[]} */ ([]);
    const io = { out: (/** @type {string} */ line) => lines.push(line), err: () => {}, write: () => {} };
    expect(await runCommandLine(['status', '--report-log', '/tmp/murmur-reports'], { env, io })).toBe(0);
    expect(env[reportLogVariable]).toBe('/tmp/murmur-reports');
  });
});
