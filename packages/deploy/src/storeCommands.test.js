// @ts-check
import { cpSync, mkdtempSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readLiveState } from './store/liveState.js';
import { storeLayout } from './store/storePaths.js';
import { fakeBuild } from '../test-support/testBuilds.js';
import { remotes, snapshot, storeCommand, storeCommandInProcess, storeWithRemotes } from '../test-support/testStore.js';
import { verifyStore } from './switches/verify.js';

/** @type {Awaited<ReturnType<typeof storeWithRemotes>>} */
let fixture;
beforeAll(async () => {
  fixture = await storeWithRemotes(3);
});

describe('the store commands, given hostile arguments', () => {
  it('refuse each in one line and change nothing', async () => {
    const { store, releases } = fixture;
    const [v0, v1] = releases['feed-mfe'];
    // A folder outside the store that holds a valid feed-mfe build, as a version folder would.
    const outside = mkdtempSync(join(tmpdir(), 'murmur-outside-'));
    cpSync(storeLayout(store).versionDir('feed-mfe', v1 ?? ''), join(outside, 'x'), { recursive: true });
    const linked = fakeBuild({ name: 'feed_mfe', exposes: ['./app', './UserPostList'] });
    symlinkSync('/etc/passwd', join(linked, 'assets', 'passwd.js'));
    const before = snapshot(store);

    const refusals = [
      ['promote', 'feed-mfe', '..'],
      ['promote', 'feed-mfe', '/'],
      ['promote', 'feed-mfe', '.'],
      ['promote', 'feed-mfe', ''],
      ['promote', 'feed-mfe', 'a'.repeat(5000)],
      ['promote', 'feed-mfe', `${v1}/../${v1}`],
      ['promote', 'feed-mfe', `../../../..${outside}/x`],
      ['promote', 'feed-mfe', join(outside, 'x')],
      ['promote', 'feed-mfe', `${v0}\n`],
      ['promote', 'feed-mfe', 'fedcba987654'],
      ['promote', 'gallery-mfe', v1 ?? ''],
      ['promote', '../shell', v1 ?? ''],
      ['rollback', 'gallery-mfe'],
      ['releases', '__proto__'],
      ['release', 'feed-mfe', '--from', linked],
      ['release', 'feed-mfe', '--from', join(outside, 'missing')],
      ['release', 'nobody', '--from', linked],
    ];
    for (const args of refusals) {
      const result = await storeCommandInProcess(store, args);
      const label = args.join(' ').slice(0, 80);
      expect(result.code, label).toBe(1);
      expect(result.stdout, label).toBe('');
      expect(result.stderr.split('\n'), label).toHaveLength(1);
      expect(result.stderr.length, label).toBeLessThan(300);
    }
    expect(snapshot(store)).toEqual(before);
    expect(readLiveState(store, 'feed-mfe')?.version).toBe(v0);
  });
});

describe('concurrent commands from separate processes', () => {
  it('two identical releases at once both succeed with the same version', async () => {
    const { store } = fixture;
    const build = fakeBuild({ name: 'feed_mfe', exposes: ['./app', './UserPostList'], page: '<title>twin</title>' });
    const results = await Promise.all([1, 2].map(() => storeCommand(store, ['release', 'feed-mfe', '--from', build])));
    for (const result of results) expect(result.code, result.stderr).toBe(0);
    expect(results[0]?.stdout).toMatch(/^[0-9a-f]{12}/);
    expect(results[1]?.stdout).toBe(results[0]?.stdout);
    expect((await verifyStore(store)).problems).toEqual([]);
  });

  it('all take effect, in some order, none lost: 20 rounds of promotes, rollbacks of three apps at once', async () => {
    const { store, releases } = await storeWithRemotes(3);
    const apps = /** @type {(keyof typeof remotes)[]} */ (Object.keys(remotes));
    // A fixed sequence, so that a failure can be replayed; each round gives each app one command.
    let seed = 21;
    const next = (/** @type {number} */ n) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let round = 0; round < 20; round += 1) {
      /** @type {Record<string, string>} */
      const expected = {};
      const commands = apps.map((app) => {
        const live = readLiveState(store, app);
        const previous = live?.previous.at(-1);
        if (previous && next(3) === 0) {
          expected[app] = previous;
          return ['rollback', app];
        }
        const others = releases[app].filter((version) => version !== live?.version);
        const version = others[next(others.length)] ?? '';
        expected[app] = version;
        return ['promote', app, version];
      });
      const results = await Promise.all(commands.map((args) => storeCommand(store, args)));
      for (const [i, result] of results.entries()) expect(result.code, `${commands[i]}: ${result.stderr}`).toBe(0);

      expect((await verifyStore(store)).problems, `round ${round}`).toEqual([]);
      const pointer = JSON.parse(readFileSync(storeLayout(store).remotesPointer, 'utf8'));
      for (const app of apps) {
        expect(readLiveState(store, app)?.version, `round ${round}, ${app}`).toBe(expected[app]);
        expect(pointer[app], `round ${round}, ${app}`).toContain(`/${expected[app]}/`);
        expect(readFileSync(storeLayout(store).livePage(app), 'utf8')).toContain(`/${expected[app]}/`);
      }
    }
  }, 120_000);
});
