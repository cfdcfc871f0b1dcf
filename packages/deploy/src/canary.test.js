// @ts-check
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCanaryPointer, remotesForCohort } from './canaryPointer.js';
import { cohortCookieName, cohortKeyOf, cohortPoint, inCanary, newCohortKey } from './cohort.js';
import { parseRemotesPointer } from './remotesPointer.js';
import { readLiveState } from './liveState.js';
import { promote } from './promote.js';
import { startStoreServer } from './server.js';
import { statusLines } from './status.js';
import { storeLayout } from './storePaths.js';
import { resolvedDataOf } from '../test-support/pageScripts.js';
import { snapshot, storeCommand, storeWithRemotes } from '../test-support/testStore.js';
import { verifyStore } from './verify.js';

describe('cohorts', () => {
  it('put each share of 10,000 keys on the canary within 1.5 points, and never move a key back as it grows', () => {
    // Synthetic keys shaped as the server's, made from their index so that every run checks the same 10,000 (random
    // ones would miss the bound now and then: at 50 % one standard deviation is 0.5 points).
    const keys = Array.from({ length: 10_000 }, (_, i) =>
      createHash('sha256').update(`synthetic cohort key ${i}`).digest().subarray(0, 16).toString('base64url'),
    );
    expect(keys.every((key) => cohortKeyOf(`${cohortCookieName}=${key}`) === key)).toBe(true);
    const percents = [5, 25, 50];
    /** @type {Set<string> | null} */
    let onCanaryBefore = null;
    for (const percent of percents) {
      const onCanary = new Set(keys.filter((key) => inCanary(key, 'feed-mfe', percent)));
      const share = (onCanary.size / keys.length) * 100;
      console.log(`cohorts: ${share.toFixed(2)} % of 10,000 keys on a canary at ${percent} %`);
      expect(Math.abs(share - percent), `${percent} %`).toBeLessThanOrEqual(1.5);
      for (const key of onCanaryBefore ?? []) expect(onCanary.has(key), `${key} at ${percent} %`).toBe(true);
      onCanaryBefore = onCanary;
    }
  });

  it('give a key the same point every time, a point of its own for each app, and read it back from a cookie', () => {
    const key = newCohortKey();
    expect(cohortPoint(key, 'feed-mfe')).toBe(cohortPoint(key, 'feed-mfe'));
    expect(cohortPoint(key, 'feed-mfe')).not.toBe(cohortPoint(key, 'auth-mfe'));
    expect(cohortKeyOf(`a=b; ${cohortCookieName}=${key}; c=d`)).toBe(key);
    for (const header of [undefined, '', `${cohortCookieName}=short`, `${cohortCookieName}=${key}x`, `x${key}`])
      expect(cohortKeyOf(header), String(header)).toBeNull();
  });
});

describe('a canary in the store', () => {
  /** @type {Awaited<ReturnType<typeof storeWithRemotes>>} */
  let fixture;
  beforeAll(async () => {
    fixture = await storeWithRemotes(3);
  });

  /** What the store sends the cohort of `key`, as a parsed remotes.json. */
  const remotesOf = (/** @type {string} */ key) => {
    const layout = storeLayout(fixture.store);
    const stable = parseRemotesPointer(readFileSync(layout.remotesPointer, 'utf8'), 'remotes.json');
    const canary = parseCanaryPointer(readFileSync(layout.canaryPointer, 'utf8'), 'remotes.canary.json');
    return JSON.parse(remotesForCohort(stable, canary, key));
  };

  it('starts, widens to 100 % and becomes the stable version; rollback ends one; each step checks out', async () => {
    const { store, releases } = fixture;
    const [v0, v1, v2] = releases['feed-mfe'];
    const command = async (/** @type {string[]} */ args) => {
      const result = await storeCommand(store, args);
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
    expect(readFileSync(storeLayout(store).remotesPointer, 'utf8')).toBe(withV0);
    const keys = Array.from({ length: 400 }, newCohortKey);
    const onCanary = keys.filter((key) => inCanary(key, 'feed-mfe', 5));
    const onStable = keys.filter((key) => !inCanary(key, 'feed-mfe', 5));
    expect(onCanary.length).toBeGreaterThan(0);
    for (const key of onCanary) expect(remotesOf(key)).toEqual(JSON.parse(withV1));
    for (const key of onStable) expect(remotesOf(key)).toEqual(JSON.parse(withV0));

    expect(await command(['ramp', 'feed-mfe', '50'])).toBe(`feed-mfe ${v1} is live for 50 % of people (was 5 %)`);
    for (const key of onCanary) expect(remotesOf(key)['feed-mfe']).toContain(`/${v1}/`);
    const lines = await statusLines(store);
    expect(lines.find((line) => line.startsWith('feed-mfe'))).toBe(`feed-mfe     stable ${v0} 50 %  canary ${v1} 50 %`);

    // Another version replaces the canary; rollback ends it and everyone is on the stable version.
    expect(await command(['promote', 'feed-mfe', v2 ?? '', '--canary', '20'])).toBe(
      `feed-mfe ${v2} is live for 20 % of people (the canary was ${v1})`,
    );
    expect(await command(['rollback', 'feed-mfe'])).toBe(`feed-mfe canary ${v2} ended: ${v0} is live for everyone`);
    expect(readLiveState(store, 'feed-mfe')).toEqual({
      version: v0,
      previous: [],
      publicUrl: 'http://localhost:4002/',
    });
    expect(readFileSync(storeLayout(store).canaryPointer, 'utf8')).toBe('{}\n');
    for (const key of keys) expect(remotesOf(key)['feed-mfe']).toContain(`/${v0}/`);

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
    await storeCommand(store, ['promote', 'feed-mfe', other, '--canary', '40']);
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
      const result = await storeCommand(store, args);
      const label = args.join(' ');
      expect(result.code, label).toBe(1);
      expect(result.stdout, label).toBe('');
      expect(result.stderr, label).toMatch(/^refused: [^\n]+$/);
    }
    expect(snapshot(store)).toEqual(before);
    await storeCommand(store, ['rollback', 'feed-mfe']);
  });

  it('verify-store names a canary pointer that does not match live.json', async () => {
    const { store, releases } = fixture;
    const live = readLiveState(store, 'feed-mfe')?.version;
    const other = releases['feed-mfe'].find((version) => version !== live) ?? '';
    expect((await storeCommand(store, ['promote', 'feed-mfe', other, '--canary', '40'])).code).toBe(0);
    const file = storeLayout(store).canaryPointer;
    const sound = readFileSync(file, 'utf8');
    const pointer = JSON.parse(sound);
    pointer['feed-mfe'].percent = 90;
    writeFileSync(file, JSON.stringify(pointer));
    expect((await verifyStore(store)).problems).toEqual([
      `shell/remotes.canary.json does not give feed-mfe its canary, ${other} at 40 %`,
    ]);
    pointer['feed-mfe'].percent = 40;
    const [url = ''] = Object.keys(pointer['feed-mfe'].integrity);
    pointer['feed-mfe'].integrity[url] = `sha384-${'A'.repeat(64)}`;
    writeFileSync(file, JSON.stringify(pointer));
    expect((await verifyStore(store)).problems).toEqual([
      `shell/remotes.canary.json does not give the recorded integrity of feed-mfe/${other}/${url.split(`/${other}/`)[1]}`,
    ]);
    writeFileSync(file, sound);
    expect((await verifyStore(store)).problems).toEqual([]);
    await storeCommand(store, ['rollback', 'feed-mfe']);
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

  const remotesJson = (/** @type {string} */ cookie = '') =>
    fetch(`${origin}/remotes.json`, { headers: cookie ? { Cookie: cookie } : {} });

  it('gives a browser a cohort key once, and sends each cohort its versions, private to it', async () => {
    const { store, releases } = fixture;
    const [v0, v1] = releases['feed-mfe'];
    await promote({ store, app: 'feed-mfe', version: v1 ?? '', canary: 50, env: {} });

    const fresh = await remotesJson();
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get('cache-control')).toBe('private, no-cache');
    expect(fresh.headers.get('vary')).toBe('Cookie');
    const setCookie = fresh.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(
      new RegExp(`^${cohortCookieName}=[A-Za-z0-9_-]{22}; Path=/; Max-Age=34560000; HttpOnly; SameSite=Lax$`),
    );
    const key = cohortKeyOf(setCookie.split(';')[0]) ?? '';
    const expected = inCanary(key, 'feed-mfe', 50) ? v1 : v0;
    expect((await fresh.json())['feed-mfe']).toContain(`/${expected}/`);

    // With its cookie, the same answer every time and no new key.
    for (let i = 0; i < 3; i += 1) {
      const again = await remotesJson(`${cohortCookieName}=${key}`);
      expect(again.headers.get('set-cookie')).toBeNull();
      expect((await again.json())['feed-mfe']).toContain(`/${expected}/`);
    }

    // Across fresh browsers, both versions.
    const seen = new Set();
    for (let i = 0; i < 40; i += 1) {
      const body = await (await remotesJson()).json();
      seen.add(/** @type {string} */ (body['feed-mfe']).includes(`/${v1}/`) ? 'canary' : 'stable');
    }
    expect([...seen].sort()).toEqual(['canary', 'stable']);

    // The shell's page gives a browser its key, so that every request the page makes carries the same one; a browser
    // with one keeps it. While a canary runs, the page carries that cohort's remotes.json (resolvedPage.js), so it
    // is private to the browser too.
    const page = await fetch(`${origin}/`);
    expect(page.status).toBe(200);
    const pageKey = cohortKeyOf((page.headers.get('set-cookie') ?? '').split(';')[0]);
    expect(pageKey).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(page.headers.get('cache-control')).toBe('private, no-cache');
    const withKey = await fetch(`${origin}/`, { headers: { Cookie: `${cohortCookieName}=${pageKey}` } });
    expect(withKey.headers.get('set-cookie')).toBeNull();
    expect(withKey.headers.get('cache-control')).toBe('private, no-cache');
    expect(withKey.headers.get('vary')?.split(', ')).toContain('Cookie');
    const pagesAnswer = await remotesJson(`${cohortCookieName}=${pageKey}`);
    expect(pagesAnswer.headers.get('set-cookie')).toBeNull();
    expect(resolvedDataOf(await withKey.text())?.remotes).toEqual(await pagesAnswer.json());

    // A cookie the server could not have made is replaced.
    expect((await remotesJson(`${cohortCookieName}=../../etc`)).headers.get('set-cookie')).toMatch(
      new RegExp(`^${cohortCookieName}=`),
    );
  });
});
