// @ts-check
import { writeFileSync } from 'node:fs';
import { nginxConfig } from '../edge/nginx/config.js';
import { nginxWorkerUser } from '../edge/nginx/workerUser.js';
import { openStore } from '../store/backends/openStore.js';
import { overrideSettingOf } from '../store/overrideSetting.js';
import { reportFolderFor, reportLogVariable } from '../telemetry/reportLog.js';
import { sayOverrides } from './notices.js';

/** @type {import('./parse.js').Command} */
export const nginxConfigCommand = {
  name: 'nginx-config',
  synopses: ['nginx-config [--out <file>] [--brotli] [--report-log <folder>] [--nginx-user <user>]'],
  help: [
    'nginx-config: print (or write to --out) an nginx configuration serving the store as serve does; --brotli also',
    "  sends .br files (needs nginx's brotli static module); write it again after `overrides` or a move of an app.",
    "  The report folder is created and given to the user nginx's workers run as (the `user` of nginx's main",
    '  configuration, else nobody; --nginx-user names another), or refused, naming them, where it cannot be',
  ],
  options: { out: { type: 'string' }, brotli: { type: 'boolean' }, 'nginx-user': { type: 'string' } },
  async run({ out, brotli = false, 'nginx-user': name }, context) {
    const { store, env, io } = context;
    const reportFolder = reportFolderFor(store, env);
    // The installed nginx's workers (its master is root's), who write the report folder.
    const workers = reportFolder === null ? undefined : nginxWorkerUser({ masterIsRoot: true, name });
    const config = await nginxConfig({ store, env, brotli, workers });
    sayOverrides(await overrideSettingOf(openStore(store, env)), context);
    if (workers === undefined)
      io.err(
        `the configuration takes no reports for ${store}: name a folder with ${reportLogVariable} or --report-log`,
      );
    else io.err(`nginx's workers, as ${workers.name}, write the pages' reports to ${reportFolder}`);
    if (out === undefined) io.write(config);
    else {
      writeFileSync(out, config);
      io.err(`wrote the nginx configuration for ${store} to ${out}`);
    }
  },
};
