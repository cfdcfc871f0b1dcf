// @ts-check
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectRefusedNamingFile, notAnyStoreFile, readFrom } from '../../test-support/codecCases.js';
import { parseEnvironmentSetting, serializeEnvironmentSetting } from './environmentSetting.js';
import { storeLayout } from './storePaths.js';
import { promotedStore, storeCommandInProcess } from '../../test-support/testStore.js';

describe('the environment setting (environment.json)', () => {
  it('reads back what it writes', () => {
    for (const production of [true, false])
      expect(parseEnvironmentSetting(serializeEnvironmentSetting({ production }), readFrom)).toEqual({ production });
  });

  it("refuses what does not say whether the store is production's, naming the file", () => {
    expectRefusedNamingFile(parseEnvironmentSetting, [...notAnyStoreFile, '{}', '{ "production": "yes" }']);
    expect(() => parseEnvironmentSetting('{}', readFrom)).toThrow(
      `${readFrom} is invalid at production: must say whether the store is production's`,
    );
  });
});

describe('a production store', () => {
  it('refuses overrides on in one line, and is marked only while they are off', async () => {
    const { store } = await promotedStore();
    const layout = storeLayout(store);
    expect((await storeCommandInProcess(store, ['environment'])).stdout).toBe(`${store} is not marked production`);

    expect((await storeCommandInProcess(store, ['overrides', 'on', '--localhost'])).code).toBe(0);
    const whileOn = await storeCommandInProcess(store, ['environment', 'production']);
    expect(whileOn.code).toBe(1);
    expect(whileOn.stderr).toBe(
      `refused: overrides are on in ${store}: turn them off (overrides off) before marking it production`,
    );
    expect((await storeCommandInProcess(store, ['environment'])).stdout).toBe(`${store} is not marked production`);

    expect((await storeCommandInProcess(store, ['overrides', 'off'])).code).toBe(0);
    expect((await storeCommandInProcess(store, ['environment', 'production'])).stdout).toBe(
      `${store} is a production store: overrides stay off there`,
    );
    const setting = readFileSync(layout.overrideSetting, 'utf8');
    const refused = await storeCommandInProcess(store, [
      'overrides',
      'on',
      '--prefix',
      'https://dev.example.org/~mira/',
    ]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      `refused: ${store} is a production store, where overrides stay off ` +
        '(environment non-production --lift-production-mark lifts it)',
    );
    expect(readFileSync(layout.overrideSetting, 'utf8')).toBe(setting);
    expect((await storeCommandInProcess(store, ['verify'])).code).toBe(0);

    expect((await storeCommandInProcess(store, ['environment', 'non-production', '--lift-production-mark'])).code).toBe(
      0,
    );
    expect((await storeCommandInProcess(store, ['overrides', 'on', '--localhost'])).code).toBe(0);
  });

  it('keeps its mark against a plain environment non-production, saying in one line what lifts it', async () => {
    const { store } = await promotedStore();
    const file = storeLayout(store).environmentSetting;
    expect((await storeCommandInProcess(store, ['environment', 'production'])).code).toBe(0);
    const marked = readFileSync(file, 'utf8');

    const refused = await storeCommandInProcess(store, ['environment', 'non-production']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      `refused: ${store} is a production store: ` +
        'lifting the mark takes environment non-production --lift-production-mark',
    );
    expect(readFileSync(file, 'utf8')).toBe(marked);
    expect((await storeCommandInProcess(store, ['environment'])).stdout).toBe(
      `${store} is a production store: overrides stay off there`,
    );
    expect((await storeCommandInProcess(store, ['overrides', 'on', '--localhost'])).code).toBe(1);

    const lifted = await storeCommandInProcess(store, ['environment', 'non-production', '--lift-production-mark']);
    expect(lifted.code).toBe(0);
    expect(lifted.stdout).toBe(`${store} is not marked production`);
  });

  it('needs no flag to say a store that is not marked is not production', async () => {
    const { store } = await promotedStore();
    const said = await storeCommandInProcess(store, ['environment', 'non-production']);
    expect(said.code).toBe(0);
    expect(said.stdout).toBe(`${store} is not marked production`);
  });

  it('is named by verify-store when its overrides are on all the same (a setting written by hand)', async () => {
    const { store } = await promotedStore();
    expect((await storeCommandInProcess(store, ['environment', 'production'])).code).toBe(0);
    writeFileSync(storeLayout(store).overrideSetting, '{ "enabled": true, "origins": [] }\n');
    const verified = await storeCommandInProcess(store, ['verify']);
    expect(verified.code).toBe(1);
    expect(verified.stdout).toBe('shell/overrides.json: overrides are on in a production store; run overrides off');
  });
});

describe('overrides on', () => {
  it('is refused in one line where it would allow nothing, or a prefix that is not one, changing nothing', async () => {
    const { store } = await promotedStore();
    /** @type {[string[], string][]} */
    const cases = [
      [[], 'overrides on needs what an override may load: --localhost, or --prefix <URL prefix>'],
      [
        ['--prefix', 'https://dev.example.org/~mira'],
        '"https://dev.example.org/~mira" is not a URL prefix: a prefix ends with /',
      ],
    ];
    for (const [args, reason] of cases) {
      const refused = await storeCommandInProcess(store, ['overrides', 'on', ...args]);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(reason);
      expect((await storeCommandInProcess(store, ['overrides'])).stdout).toBe(`overrides are off in ${store}`);
    }
  });
});

describe('a store that allows overrides', () => {
  it('is said so by verify-store and by the edge configuration, on stderr', async () => {
    const { store } = await promotedStore();
    const notice =
      `overrides are on in ${store}: a tab of its shell may load a remote from https://dev.example.org/~mira/, ` +
      "after a press, and that tab's page goes without Integrity-Policy (overrides off ends it)";
    expect((await storeCommandInProcess(store, ['verify'])).stderr).not.toContain('overrides are on');
    const turnedOn = await storeCommandInProcess(store, [
      'overrides',
      'on',
      '--prefix',
      'https://dev.example.org/~mira/',
    ]);
    expect(turnedOn.stdout).toBe(
      `overrides are on in ${store}, after a press in each tab, for https://dev.example.org/~mira/`,
    );

    const verified = await storeCommandInProcess(store, ['verify']);
    expect(verified.code).toBe(0);
    expect(verified.stderr.split('\n')[0]).toBe(notice);
    const config = await storeCommandInProcess(store, ['nginx-config']);
    expect(config.code).toBe(0);
    expect(config.stderr.split('\n')[0]).toBe(notice);
    expect(config.stdout).toContain('server {');
  });
});
