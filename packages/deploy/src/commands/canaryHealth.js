// @ts-check
import { startHealthJob } from '../health/healthJob.js';
import { rollbackRule } from '../health/statusText.js';
import { openStore } from '../store/backends/openStore.js';
import { healthSettingOf, setHealthSetting } from '../store/healthSetting.js';
import { Refusal } from '../store/refusal.js';

/** @typedef {import('../store/healthSetting.js').HealthSetting} HealthSetting */

/** The options that change the health setting, by the setting each one changes. */
const settingOptions = /** @type {const} */ ({
  margin: 'marginPoints',
  'min-page-loads': 'minPageLoads',
  window: 'windowMinutes',
  'min-networks': 'minNetworks',
  'page-loads-per-network': 'pageLoadsPerNetwork',
  'min-failing-networks': 'minFailingNetworks',
  confidence: 'confidence',
});
const settingFlags = Object.keys(settingOptions).map((name) => `--${name}`);

/**
 * A setting's value as typed: a number, nothing else (the setting's schema checks its range).
 * @param {string | undefined} text
 * @param {string} option
 */
function settingNumber(text, option) {
  if (text === undefined || !/^\d{1,7}(?:\.\d{1,2})?$/.test(text))
    throw new Refusal(`${option} takes a number, not ${JSON.stringify((text ?? '').slice(0, 20))}`);
  return Number(text);
}

/** @type {import('./parse.js').Command} */
export const canaryHealthCommand = {
  name: 'canary-health',
  synopses: [
    'canary-health --watch [--every <seconds>] [--status-page <folder>] [--report-log <folder>]',
    'canary-health [--margin <points>] [--min-page-loads <n>] [--window <minutes>] [--min-networks <n>] ' +
      '[--page-loads-per-network <n>] [--min-failing-networks <n>] [--confidence <percent>]',
  ],
  help: [
    'canary-health --watch [--every <seconds>] [--status-page <folder>]: the canary health job, which rolls a canary',
    '  back on its own (every 5 s unless set; serve runs it) and writes the status page to the folder',
    'canary-health: when the health job rolls a canary back on its own: once it has --min-page-loads page loads',
    '  (50 unless set) over the last --window minutes (60), its failed ones from --min-failing-networks networks (10)',
    "  beyond the stable version's rate, and an error rate more than --margin points (5) above the stable version's",
    '  with --confidence percent (99), and both versions have page loads from --min-networks client networks (5),',
    '  each network counting for --page-loads-per-network page loads of an app at most (3); without options, prints',
    '  the setting',
  ],
  options: {
    watch: { type: 'boolean' },
    every: { type: 'string' },
    'status-page': { type: 'string' },
    ...Object.fromEntries(Object.keys(settingOptions).map((name) => [name, { type: 'string', value: settingNumber }])),
  },
  unknown: (argument) =>
    new Refusal(`${JSON.stringify(argument.slice(0, 30))} is not an option: ${settingFlags.join(', ')}`),
  async run(args, { store, env, io }) {
    if (args.watch) {
      watchHealth({
        store,
        env,
        every: args.every === undefined ? 5 : Number(args.every),
        folder: args['status-page'],
      });
      return;
    }
    const backend = openStore(store, env);
    /** @type {Partial<HealthSetting>} */
    const changes = {};
    for (const [name, key] of Object.entries(settingOptions)) if (name in args) changes[key] = args[name];
    const setting =
      Object.keys(changes).length > 0 ? await setHealthSetting(backend, changes) : await healthSettingOf(backend);
    io.out(`in ${store}, over the last ${setting.windowMinutes} min, ${rollbackRule(setting)}`);
  },
};

/**
 * Runs the canary health job until the process is stopped (`canary-health --watch`).
 * @param {{ store: string; env: Record<string, string | undefined>; every: number; folder: string | undefined }}
 *   options
 */
function watchHealth({ store, env, every, folder }) {
  if (!(every > 0)) throw new Refusal('--every takes a number of seconds, more than 0');
  const job = startHealthJob({ store, env, everyMs: every * 1000, statusFolder: folder });
  const stop = () => void job.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
