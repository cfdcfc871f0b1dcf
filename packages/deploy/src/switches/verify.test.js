// @ts-check
import { appendFileSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { remoteNames } from '@murmur/config/apps';
import { routeOwners } from '@murmur/config/routes';
import { storeLayout } from '../store/storePaths.js';
import { storeCommandInProcess, storeWithRemotes } from '../../test-support/testStore.js';
import { verifyStore } from './verify.js';

/** @type {Awaited<ReturnType<typeof storeWithRemotes>>} */
let fixture;
beforeEach(async () => {
  fixture = await storeWithRemotes(2);
});
const liveFeed = () => storeLayout(fixture.store).versionDir('feed-mfe', fixture.releases['feed-mfe'][0] ?? '');

describe('verify', () => {
  it('passes a sound store, exit 0', async () => {
    expect((await verifyStore(fixture.store)).problems).toEqual([]);
    const result = await storeCommandInProcess(fixture.store, ['verify']);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('');
    // The shell's one, two of each remote.
    const releases = 1 + 2 * remoteNames.length;
    expect(result.stderr).toMatch(new RegExp(`: ${releases} releases, \\d+ files and every pointer check out$`));
  });

  it('names every file changed, added or removed in a release, and every link, one line each, exit 1', async () => {
    const v0 = fixture.releases['feed-mfe'][0];
    appendFileSync(join(liveFeed(), 'assets', 'index-Ab12Cd34.js'), ';');
    appendFileSync(join(liveFeed(), 'assets', 'index-Ab12Cd34.js.br'), 'x');
    rmSync(join(liveFeed(), 'remoteEntry.js'));
    writeFileSync(join(liveFeed(), 'extra.js'), 'alert(1)');
    symlinkSync('/etc/passwd', join(liveFeed(), 'assets', 'passwd.js'));
    const result = await storeCommandInProcess(fixture.store, ['verify']);
    expect(result.code).toBe(1);
    expect(result.stdout.split('\n').sort()).toEqual(
      [
        `feed-mfe/${v0}: assets/index-Ab12Cd34.js was changed`,
        `feed-mfe/${v0}: assets/index-Ab12Cd34.js.br was changed`,
        `feed-mfe/${v0}: assets/passwd.js is a link`,
        `feed-mfe/${v0}: extra.js is not in its record`,
        `feed-mfe/${v0}: remoteEntry.js is missing`,
      ].sort(),
    );
  });

  it("accepts the environment's override setting, and names a damaged one", async () => {
    const { store } = fixture;
    const setting = storeLayout(store).overrideSetting;
    writeFileSync(setting, JSON.stringify({ enabled: true, origins: ['https://dev.example.org'] }));
    expect((await verifyStore(store)).problems).toEqual([]);
    writeFileSync(setting, JSON.stringify({ enabled: 'yes' }));
    expect((await verifyStore(store)).problems).toEqual([
      'shell/overrides.json: overrides.json must say whether overrides are enabled',
    ]);
    writeFileSync(setting, '{');
    expect((await verifyStore(store)).problems).toEqual([expect.stringMatching(/^shell\/overrides\.json: .*JSON/)]);
  });

  it('names pointers that disagree with the live state, and stray files', async () => {
    const { store, releases } = fixture;
    const layout = storeLayout(store);
    writeFileSync(
      layout.remotesPointer,
      JSON.stringify({ 'feed-mfe': `http://x/${releases['feed-mfe'][1]}/mf-manifest.json` }),
    );
    writeFileSync(layout.livePage('profile-mfe'), '<html><head></head></html>');
    writeFileSync(`${layout.liveState('auth-mfe')}.999999999.1.tmp`, '{}');
    writeFileSync(join(store, 'notes.txt'), 'hello');
    // The collector's report log (telemetry/reportLog.js) is part of the store.
    mkdirSync(join(store, 'telemetry'));
    writeFileSync(join(store, 'telemetry', 'reports.jsonl'), '{}\n');
    expect((await verifyStore(store)).problems.sort()).toEqual(
      [
        'auth-mfe/live.json.999999999.1.tmp: left by a command that stopped midway',
        ...remoteNames.map(
          (remote) => `shell/remotes.json does not point ${remote} at ${releases[remote][0]}, the live version`,
        ),
        `profile-mfe/index.html is not the page of ${releases['profile-mfe'][0]}, the live version`,
        'notes.txt: not part of a store',
        // The pages promote resolved for each route carry the remotes.json it wrote, not this one.
        ...routeOwners.map(
          (owner) => `shell/index.${owner}.html is not the live page resolved for ${owner}'s addresses`,
        ),
      ].sort(),
    );
  });
});
