// @ts-check
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openStore } from '../src/store/backends/openStore.js';
import { setHealthSetting } from '../src/store/healthSetting.js';
import { release } from '../src/store/release.js';
import { promote } from '../src/switches/promote.js';
import { reportFolderFor } from '../src/telemetry/reportLog.js';
import { pageLoadReport } from './reportSender.js';
import { exposesFile, modules } from './testContracts.js';
import { fakeBuild, temporaryStore } from './testBuilds.js';

/**
 * A store in a folder where profile-mfe's canary fails every page load and its stable version none, by reports in the
 * log as nginx writes them (`writeReports`, at once unless `reports` is false): the health job's next pass ends it.
 * The stable version publishes its declarations, so ending the canary checks them, loading the contract compiler
 * under the store's lock (switches/contracts/).
 * @param {{ reports?: boolean }} [options]
 */
export async function failingCanary({ reports = true } = {}) {
  const store = temporaryStore();
  /** @type {Record<string, string>} */
  const env = {};
  const shell = await release({ store, app: 'shell', from: fakeBuild({ name: 'shell' }), env });
  await promote({ store, app: 'shell', version: shell.version, env });
  const build = (/** @type {string} */ label) =>
    fakeBuild({
      name: 'profile_mfe',
      exposes: ['./app'],
      page: `<title>${label}</title>`,
      published: { exposes: exposesFile({ './app': modules.app() }) },
    });
  const stable = (await release({ store, app: 'profile-mfe', from: build('v0'), env })).version;
  await promote({ store, app: 'profile-mfe', version: stable, env });
  const canary = (await release({ store, app: 'profile-mfe', from: build('v1'), env })).version;
  await promote({ store, app: 'profile-mfe', version: canary, canary: 50, env });
  await setHealthSetting(openStore(store, env), { minPageLoads: 4, minNetworks: 4, minFailingNetworks: 4 });
  const writeReports = () => {
    const folder = /** @type {string} */ (reportFolderFor(store, env));
    mkdirSync(folder, { recursive: true });
    const received = new Date().toISOString().replace(/\.\d+Z$/, '+00:00');
    const lines = [1, 2, 3, 4].flatMap((n) =>
      [
        pageLoadReport(`pg_stable_${n}`, { app: 'profile-mfe', version: stable, fails: false }),
        pageLoadReport(`pg_canary_${n}`, { app: 'profile-mfe', version: canary, fails: true }),
      ].map((report) => JSON.stringify({ received, network: `192.0.2.${n}`, report: JSON.stringify(report) })),
    );
    writeFileSync(join(folder, `reports-${received.slice(0, 13)}+0000.jsonl`), `${lines.join('\n')}\n`);
  };
  if (reports) writeReports();
  return { store, canary, writeReports };
}
