// @ts-check
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openStore } from './backends/openStore.js';
import { storeLayout } from './storePaths.js';
import { snapshot, storeCommandInProcess } from '../../test-support/testStore.js';
import { temporaryStore } from '../../test-support/testBuilds.js';
import { verifyStore } from '../switches/verify.js';
import { expectRefusedNamingFile, notAnyStoreFile, readFrom } from '../../test-support/codecCases.js';
import {
  defaultHealthSetting,
  healthSettingOf,
  parseHealthSetting,
  serializeHealthSetting,
  setHealthSetting,
} from './healthSetting.js';

describe('the canary health setting file (canary-health.json)', () => {
  it('reads back what it writes, and an older setting reads with the defaults of what it lacks', () => {
    const setting = { ...defaultHealthSetting, marginPoints: 2.5, windowMinutes: 30 };
    expect(parseHealthSetting(serializeHealthSetting(setting), readFrom)).toEqual(setting);
    const older = { marginPoints: 2.5, minPageLoads: 50, windowMinutes: 30 };
    expect(parseHealthSetting(JSON.stringify(older), readFrom)).toEqual(setting);
  });

  it('refuses what is not one, naming the file', () => {
    expectRefusedNamingFile(parseHealthSetting, [
      ...notAnyStoreFile,
      JSON.stringify({ ...defaultHealthSetting, marginPoints: -1 }),
      JSON.stringify({ ...defaultHealthSetting, windowMinutes: 1.5 }),
      JSON.stringify({ ...defaultHealthSetting, extra: true }),
    ]);
  });
});

describe('the canary health setting', () => {
  it('is the defaults where a store has none, and a change keeps what it does not name', async () => {
    const backend = openStore(temporaryStore());
    expect(await healthSettingOf(backend)).toEqual({
      marginPoints: 5,
      minPageLoads: 50,
      windowMinutes: 60,
      minNetworks: 5,
      pageLoadsPerNetwork: 3,
      minFailingNetworks: 10,
      confidence: 99,
    });
    expect(await setHealthSetting(backend, { minPageLoads: 4 })).toEqual({ ...defaultHealthSetting, minPageLoads: 4 });
    expect(await healthSettingOf(backend)).toEqual({ ...defaultHealthSetting, minPageLoads: 4 });
  });

  it('is set from the command line, and a bad value is refused with the reason, changing nothing', async () => {
    const store = temporaryStore();
    const set = await storeCommandInProcess(store, [
      'canary-health',
      '--margin',
      '10',
      '--min-page-loads',
      '20',
      '--window',
      '30',
      '--min-networks',
      '12',
      '--page-loads-per-network',
      '2',
      '--min-failing-networks',
      '8',
      '--confidence',
      '99.5',
    ]);
    expect(set.code, set.stderr).toBe(0);
    expect(set.stdout).toBe(
      `in ${store}, over the last 30 min, a canary is rolled back once it and its stable version have page loads ` +
        'from 12 networks (2 at most counted from each), it has 20 page loads, failed ones from 8 networks ' +
        "beyond the stable version's rate, and an error rate more than 10 points above the stable version's with " +
        '99.5 % confidence',
    );
    expect(JSON.parse(readFileSync(storeLayout(store).healthSetting, 'utf8'))).toEqual({
      marginPoints: 10,
      minPageLoads: 20,
      windowMinutes: 30,
      minNetworks: 12,
      pageLoadsPerNetwork: 2,
      minFailingNetworks: 8,
      confidence: 99.5,
    });
    const before = snapshot(store);
    for (const [args, reason] of /** @type {[string[], string][]} */ ([
      [['--margin', '101'], 'the margin is at most 100 points'],
      [['--window', '0'], 'the window is 1 minute or more'],
      [['--min-page-loads', '2.5'], 'the minimum page loads is a whole number'],
      [['--margin', '-1'], '--margin takes a number, not "-1"'],
      [['--window'], '--window takes a number, not ""'],
      [['--min-networks', '0'], 'the minimum networks is 1 or more'],
      [['--min-failing-networks', '0'], 'the minimum failing networks is 1 or more'],
      [['--confidence', '100'], 'the confidence is at most 99.99 %'],
      [['--confidence', '40'], 'the confidence is 50 % or more'],
      [
        ['--margins', '3'],
        '"--margins" is not an option: --margin, --min-page-loads, --window, --min-networks, ' +
          '--page-loads-per-network, --min-failing-networks, --confidence',
      ],
    ])) {
      const refused = await storeCommandInProcess(store, ['canary-health', ...args]);
      expect(refused.code, args.join(' ')).toBe(1);
      expect(refused.stderr).toBe(`refused: ${reason}`);
    }
    expect(snapshot(store)).toEqual(before);
    expect((await storeCommandInProcess(store, ['canary-health'])).stdout).toContain('over the last 30 min, a canary');
  });

  it('reads a setting written before the networks and confidence were part of it with their defaults', async () => {
    const store = temporaryStore();
    writeFileSync(storeLayout(store).healthSetting, '{"marginPoints": 10, "minPageLoads": 20, "windowMinutes": 30}');
    expect(await healthSettingOf(openStore(store))).toEqual({
      marginPoints: 10,
      minPageLoads: 20,
      windowMinutes: 30,
      minNetworks: 5,
      pageLoadsPerNetwork: 3,
      minFailingNetworks: 10,
      confidence: 99,
    });
    expect((await verifyStore(store)).problems).toEqual([]);
  });

  it('is named by verify-store when damaged', async () => {
    const store = temporaryStore();
    writeFileSync(storeLayout(store).healthSetting, '{"marginPoints": "5"}');
    expect((await verifyStore(store)).problems).toContain(
      'canary-health.json is invalid at marginPoints: Invalid input: expected number, received string',
    );
  });
});
