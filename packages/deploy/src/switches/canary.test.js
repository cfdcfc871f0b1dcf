// @ts-check
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cohortKeyPattern, cohortPoint, newCohortKey } from '@murmur/config/cohort';
import { routeOwners } from '@murmur/config/routes';
import { readLiveState } from '../store/liveState.js';
import { promote } from './promote.js';
import { startStoreServer } from '../edge/server.js';
import { statusLines } from '../health/status.js';
import { storeLayout } from '../store/storePaths.js';
import { resolvedDataOf } from '../../test-support/pageScripts.js';
import { snapshot, statusName, storeCommandInProcess, storeWithRemotes } from '../../test-support/testStore.js';
import { verifyStore } from './verify.js';

describe('cohorts', () => {
  it('put each share of 10,000 keys on the canary within 1.5 points; never move a key back as it grows', async () => {
    // Synthetic keys shaped as the server's, made from their index so that every run checks the same 10,000 (random
    // ones would miss the bound now and then: at 50 % one standard deviation is 0.5 points).
    const keys = Array.from({ length: 10_000 }, (_, i) =>
      createHash('sha256').update(`synthetic cohort key ${i}`).digest().subarray(0, 16).toString('base64url'),
    );
    expect(keys.every((key) => cohortKeyPattern.test(key))).toBe(true);
    const points = await Promise.all(keys.map((key) => cohortPoint(key, 'feed-mfe')));
    const percents = [5, 25, 50];
    /** @type {Set<string> | null} */
    let onCanaryBefore = null;
    for (const percent of percents) {
      const onCanary = new Set(keys.filter((_, i) => (points[i] ?? 100) < percent));
      const share = (onCanary.size / keys.length) * 100;
      console.log(`cohorts: ${share.toFixed(2)} % of 10,000 keys on a canary at ${percent} %`);
      expect(Math.abs(share - percent), `${percent} %`).toBeLessThanOrEqual(1.5);
      for (const key of onCanaryBefore ?? []) expect(onCanary.has(key), `${key} at ${percent} %`).toBe(true);
      onCanaryBefore = onCanary;
    }
  });

  it('give a key the same point every time and a point of its own for each remote; new keys differ', async () => {
    const key = newCohortKey();
    expect(key).toMatch(cohortKeyPattern);
    expect(newCohortKey()).not.toBe(key);
    expect(await cohortPoint(key, 'feed-mfe')).toBe(await cohortPoint(key, 'feed-mfe'));
    expect(await cohortPoint(key, 'feed-mfe')).not.toBe(await cohortPoint(key, 'auth-mfe'));
  });
});

describe('a canary in the store', () => {
  /** @type {Awaited<ReturnType<typeof storeWithRemotes>>} */
  let fixture;
  beforeAll(async () => {
    fixture = await storeWithRemotes(3);
  });

  /** remotes.json as the store holds it, parsed. */
  const remotes = () => JSON.parse(readFileSync(storeLayout(fixture.store).remotesPointer, 'utf8'));

  it('starts, widens to 100 % and becomes the stable version; rollback ends one; each step checks out', async () => {
    const { store, releases } = fixture;
    const [v0, v1, v2] = releases['feed-mfe'];
    const command = async (/** @type {string[]} */ args) => {
      const result = await storeCommandInProcess(store, args);
      expect(result.code, `${args.join(' ')}: ${result.stderr}`).toBe(0);
      expect((await verifyStore(store)).problems, args.join(' ')).toEqual([]);
      return result.stdout;
    };
    // What remotes.json is with v1 live for everyone: the canary cohort must be sent exactly this.
    await promote({ store, app: 'feed-mfe', version: v1 ?? '', env: {} });
    const withV1 = readFileSync(storeLayout(store).remotesPointer, 'utf8');
    await command(['rollback', 'feed-mfe']);
    const withV0 = readFileSync(storeLayout(store).remotesPointer, 'utf8');

    expect(await command(['promote', 'feed-mfe', v1 ?? '', '--canary', '5'])).toBe(
      `feed-mfe ${v1} is live for 5 % of people`,
    );
    expect(readLiveState(store, 'feed-mfe')).toMatchObject({ version: v0, canary: { version: v1, percent: 5 } });
    // One pointer for everyone: the stable version where it was, the canary beside it with its share, and the
    // integrity of both sides' files (the page picks its side: packages/config/cohort.js).
    // The rollback withdrew v1; going live again, for some, it is withdrawn no more.
    const { withdrawn, ...stable } = JSON.parse(withV0);
    expect(withdrawn).toEqual({ 'feed-mfe': [`http://localhost:4002/${v1}/mf-manifest.json`] });
    const canary = JSON.parse(withV1);
    expect(remotes()).toEqual({
      ...stable,
      canaries: { 'feed-mfe': { manifest: canary['feed-mfe'], percent: 5 } },
      integrity: { ...stable.integrity, ...canary.integrity },
    });

    expect(await command(['ramp', 'feed-mfe', '50'])).toBe(`feed-mfe ${v1} is live for 50 % of people (was 5 %)`);
    expect(remotes().canaries).toEqual({ 'feed-mfe': { manifest: canary['feed-mfe'], percent: 50 } });
    const lines = await statusLines(store);
    expect(lines.find((line) => line.startsWith('feed-mfe'))).toBe(
      `${statusName('feed-mfe')}stable ${v0} 50 %  canary ${v1} 50 %`,
    );

    // Another version replaces the canary; rollback ends it and everyone is on the stable version.
    expect(await command(['promote', 'feed-mfe', v2 ?? '', '--canary', '20'])).toBe(
      `feed-mfe ${v2} is live for 20 % of people (the canary was ${v1})`,
    );
    expect(await command(['rollback', 'feed-mfe'])).toBe(`feed-mfe canary ${v2} ended: ${v0} is live for everyone`);
    expect(readLiveState(store, 'feed-mfe')).toEqual({
      version: v0,
      previous: [],
      publicUrl: 'http://localhost:4002/',
      withdrawn: [v2],
    });
    // As with v0 live for everyone, but for the version the tabs still running it hear was withdrawn.
    expect(remotes()).toEqual({
      ...stable,
      withdrawn: { 'feed-mfe': [`http://localhost:4002/${v2}/mf-manifest.json`] },
    });

    // Ramp to 100: the canary is the stable version, and rollback returns to the one before it.
    await command(['promote', 'feed-mfe', v1 ?? '', '--canary', '10']);
    expect(await command(['ramp', 'feed-mfe', '100'])).toBe(
      `feed-mfe ${v1} is live for everyone (was a canary at 10 %)`,
    );
    expect(readLiveState(store, 'feed-mfe')).toEqual({
      version: v1,
      previous: [v0],
      publicUrl: 'http://localhost:4002/',
    });
    expect(readFileSync(storeLayout(store).remotesPointer, 'utf8')).toBe(withV1);

    // promote without --canary during a canary: that version for everyone, the canary ended.
    await command(['promote', 'feed-mfe', v2 ?? '', '--canary', '30']);
    await command(['promote', 'feed-mfe', v0 ?? '']);
    expect(readLiveState(store, 'feed-mfe')).toEqual({
      version: v0,
      previous: [v1],
      publicUrl: 'http://localhost:4002/',
    });
    await command(['promote', 'feed-mfe', v1 ?? '']);
  });

  it('refuses, in one line and changing nothing, what would break its promises', async () => {
    const { store, releases } = fixture;
    const [v0, v1, v2] = releases['feed-mfe'];
    const live = readLiveState(store, 'feed-mfe')?.version;
    const other = [v0, v2].find((version) => version !== live) ?? '';
    await storeCommandInProcess(store, ['promote', 'feed-mfe', other, '--canary', '40']);
    const before = snapshot(store);
    const refusals = [
      ['ramp', 'feed-mfe', '20'],
      ['promote', 'feed-mfe', other, '--canary', '20'],
      ['ramp', 'feed-mfe', '101'],
      ['ramp', 'feed-mfe', '-5'],
      ['ramp', 'feed-mfe', '0x20'],
      ['ramp', 'auth-mfe', '50'],
      ['promote', 'feed-mfe', v1 ?? '', '--canary', '0'],
      ['promote', 'feed-mfe', v1 ?? '', '--canary', '100'],
      ['promote', 'feed-mfe', v1 ?? '', '--canary', 'NaN'],
      ['promote', 'feed-mfe', live ?? '', '--canary', '50'],
      ['promote', 'shell', readLiveState(store, 'shell')?.version ?? '', '--canary', '50'],
    ];
    for (const args of refusals) {
      const result = await storeCommandInProcess(store, args);
      const label = args.join(' ');
      expect(result.code, label).toBe(1);
      expect(result.stdout, label).toBe('');
      expect(result.stderr, label).toMatch(/^refused: [^\n]+$/);
    }
    expect(snapshot(store)).toEqual(before);
    await storeCommandInProcess(store, ['rollback', 'feed-mfe']);
  });

  it("verify-store names remotes.json's canary where it does not match live.json", async () => {
    const { store, releases } = fixture;
    const live = readLiveState(store, 'feed-mfe')?.version;
    const other = releases['feed-mfe'].find((version) => version !== live) ?? '';
    expect((await storeCommandInProcess(store, ['promote', 'feed-mfe', other, '--canary', '40'])).code).toBe(0);
    const file = storeLayout(store).remotesPointer;
    const sound = readFileSync(file, 'utf8');
    const pointer = JSON.parse(sound);
    pointer.canaries['feed-mfe'].percent = 90;
    writeFileSync(file, JSON.stringify(pointer));
    // The pages resolved for each route carry remotes.json as it was: they are named too.
    const resolvedPages = routeOwners.map(
      (owner) => `shell/index.${owner}.html is not the live page resolved for ${owner}'s addresses`,
    );
    expect((await verifyStore(store)).problems).toEqual([
      `shell/remotes.json does not give feed-mfe its canary, ${other} at 40 %`,
      ...resolvedPages,
    ]);
    pointer.canaries['feed-mfe'].percent = 40;
    const url = Object.keys(pointer.integrity).find((key) => key.includes(`/${other}/`)) ?? '';
    pointer.integrity[url] = `sha384-${'A'.repeat(64)}`;
    writeFileSync(file, JSON.stringify(pointer));
    expect((await verifyStore(store)).problems).toEqual([
      `shell/remotes.json does not give the recorded integrity of feed-mfe/${other}/${url.split(`/${other}/`)[1]}`,
      ...resolvedPages,
    ]);
    writeFileSync(file, sound);
    expect((await verifyStore(store)).problems).toEqual([]);
    await storeCommandInProcess(store, ['rollback', 'feed-mfe']);
  });
});

describe('the store server during a canary', () => {
  /** @type {Awaited<ReturnType<typeof storeWithRemotes>>} */
  let fixture;
  /** @type {Awaited<ReturnType<typeof startStoreServer>>} */
  let server;
  let origin = '';
  beforeAll(async () => {
    fixture = await storeWithRemotes(2);
    server = await startStoreServer({ store: fixture.store, apps: ['shell'], portOf: () => 0, host: '127.0.0.1' });
    const address = /** @type {import('node:net').AddressInfo} */ (server.servers[0]?.address());
    origin = `http://127.0.0.1:${address.port}`;
  });
  afterAll(() => server.close());

  it('sends everyone the same remotes.json and pages, which a shared cache may keep, carrying both sides', async () => {
    const { store, releases } = fixture;
    const [v0, v1] = releases['feed-mfe'];
    await promote({ store, app: 'feed-mfe', version: v1 ?? '', canary: 50, env: {} });

    const answers = await Promise.all(Array.from({ length: 5 }, () => fetch(`${origin}/remotes.json`)));
    const bodies = await Promise.all(answers.map((answer) => answer.text()));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.headers.get('cache-control')).toBe('no-cache');
      expect(answer.headers.get('vary')).toBeNull();
      expect(answer.headers.get('set-cookie')).toBeNull();
    }
    expect(new Set(bodies).size).toBe(1);
    const pointer = JSON.parse(bodies[0] ?? '');
    expect(pointer['feed-mfe']).toContain(`/${v0}/`);
    expect(pointer.canaries['feed-mfe']).toEqual({ manifest: expect.stringContaining(`/${v1}/`), percent: 50 });

    // An address feed-mfe owns: the page carries that remotes.json and both sides' manifests, so whichever side the
    // browser is on, it asks for neither.
    const page = await fetch(`${origin}/`);
    expect(page.headers.get('set-cookie')).toBeNull();
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const carried = resolvedDataOf(await page.text());
    expect(carried?.remotes).toEqual(pointer);
    expect(Object.keys(carried?.manifests ?? {}).sort()).toEqual(
      [pointer['feed-mfe'], pointer.canaries['feed-mfe'].manifest].sort(),
    );
  });
});
