#!/usr/bin/env node
// @ts-check
// The store's commands. From the workspace root: pnpm release <app> | promote <app> <version> [--canary <percent>] |
// ramp <app> <percent> | rollback <app> | releases <app> | status [--json] | verify-store [--repair] | serve [--edge
// nginx] [--report-log <folder>] | nginx-config [--out <file>] [--brotli] [--report-log <folder>] [--nginx-user <user>]
// | overrides [on [--localhost] [--prefix <URL prefix>]... | off] | environment [production | non-production
// [--lift-production-mark]] | canary-health --watch [--every <seconds>] [--status-page <folder>] [--report-log
// <folder>] | canary-health [--margin <points>] [--min-page-loads <n>] [--window <minutes>] [--min-networks <n>]
// [--page-loads-per-network <n>] [--min-failing-networks <n>] [--confidence <percent>]. MURMUR_STORE names another
// store than .murmur-store/: a folder, or s3://bucket/prefix (docs/release-store.md); MURMUR_REPORT_LOG (or
// --report-log) the folder of the pages' reports, by default a folder of the user's state folder for the store
// (telemetry/reportLog.js).
import { rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { appNames } from '@murmur/config/apps';
import { allowedOverrideUrls } from '@murmur/release-checks/overrides';
import { openStore } from './store/backends/openStore.js';
import { isS3Location } from './store/backends/s3Location.js';
import { startHealthJob } from './health/healthJob.js';
import { keepHealthJob } from './health/jobKeeper.js';
import { healthSettingOf, parseHealthOptions, setHealthSetting } from './store/healthSetting.js';
import { statusFiles } from './health/statusPage.js';
import { rollbackRule } from './health/statusText.js';
import { nginxConfig } from './edge/nginx/config.js';
import { edgeOption, serveWithNginx } from './edge/nginx/storeEdge.js';
import { nginxWorkerUser } from './edge/nginx/workerUser.js';
import { isProductionStore } from './store/environmentSetting.js';
import {
  liftMarkFlag,
  overrideSettingOf,
  overridesNotice,
  setOverrides,
  setProduction,
} from './store/overrideSetting.js';
import { Refusal, promote, ramp, rollback } from './switches/promote.js';
import { build, currentCommit, release } from './store/release.js';
import { listReleases } from './store/releases.js';
import { repairStore } from './switches/repair.js';
import { startStoreServer } from './edge/server.js';
import { statusJson, statusLines } from './health/status.js';
import { storeRoot, workspaceRoot } from './store/storePaths.js';
import { reportFolderFor, reportLogVariable } from './telemetry/reportLog.js';
import { verifyStore } from './switches/verify.js';

const usage = `usage: release <app> [--from <build folder>] | promote <app> <version> [--canary <percent>] | ramp <app> <percent> | rollback <app> | releases <app> | status [--json] | verify [--repair] | serve [--edge nginx] [--report-log <folder>] | nginx-config [--out <file>] [--brotli] [--report-log <folder>] [--nginx-user <user>] | overrides [on [--localhost] [--prefix <URL prefix>]... | off] | environment [production | non-production [--lift-production-mark]] | canary-health --watch [--every <seconds>] [--status-page <folder>] [--report-log <folder>] | canary-health [--margin <points>] [--min-page-loads <n>] [--window <minutes>] [--min-networks <n>] [--page-loads-per-network <n>] [--min-failing-networks <n>] [--confidence <percent>]
  promote --canary: the version goes live for that share of people only, the rest keep the stable version
  ramp: widen a canary; at 100 its version is live for everyone
  rollback: end a canary, or else go back to the version live before
  status: each app's live version and the ones rollback would return to, newest first; a canary and the shares;
    each live version's page loads, error rate, load failures, LCP, INP and load time p75 over the health window,
    and a canary the health job rolled back on its own, with why; --json prints the same as JSON
  verify: check every release against its recorded hashes and the pointers against each other; --repair first
    completes a switch a killed command left and removes its temporary files
  serve: release every app's dist/ (run the build first), promote each, and serve the store on ports 4000-4003,
    with the canary health job beside it (started again should it exit); --edge nginx serves it with nginx, which a
    promote or rollback never reloads
  --report-log <folder>: where the edges write the pages' reports and the health job reads them (MURMUR_REPORT_LOG;
    by default ~/.local/state/murmur/reports/<store>-<hash>/, outside the store; a store on S3 has none without it)
  nginx-config: print (or write to --out) an nginx configuration serving the store as serve does; --brotli also
    sends .br files (needs nginx's brotli static module); write it again after \`overrides\` or a move of an app.
    The report folder is created and given to the user nginx's workers run as (the \`user\` of nginx's main
    configuration, else nobody; --nginx-user names another), or refused, naming them, where it cannot be
  overrides: whether a tab of this environment may point a remote at another manifest, after a press (--localhost:
    this machine, any port; --prefix: URLs under that prefix); off unless turned on; refused on a production store
  environment: whether the store is production's, where overrides are refused; production marks it (refused while
    overrides are on), non-production --lift-production-mark lifts the mark (refused without the flag)
  canary-health --watch [--every <seconds>] [--status-page <folder>]: the canary health job, which rolls a canary
    back on its own (every 5 s unless set; serve runs it) and writes the status page to the folder
  canary-health: when the health job rolls a canary back on its own: once it has --min-page-loads page loads
    (50 unless set) over the last --window minutes (60), its failed ones from --min-failing-networks networks (10)
    beyond the stable version's rate, and an error rate more than --margin points (5) above the stable version's
    with --confidence percent (99), and both versions have page loads from --min-networks client networks (5),
    each network counting for --page-loads-per-network page loads of an app at most (3); without options, prints
    the setting
  apps: ${appNames.join(', ')}`;

const [command, ...args] = process.argv.slice(2);
const store = storeRoot();
// For this command and the health job serve starts: the edges and the job read the report log's folder from it.
const reportLogIndex = args.indexOf('--report-log');
if (reportLogIndex >= 0) process.env[reportLogVariable] = resolve(required(args[reportLogIndex + 1]));
/** Where `serve`'s health job writes the status page: beside the store, never served by it. */
const statusFolder = join(workspaceRoot, '.murmur-status');

try {
  switch (command) {
    case 'release': {
      const app = parseAppName(required(args[0]));
      const fromIndex = args.indexOf('--from');
      const from = fromIndex >= 0 ? required(args[fromIndex + 1]) : build(app);
      const { version, created } = await release({ store, app, from, commit: currentCommit() });
      if (fromIndex < 0) rmSync(from, { recursive: true, force: true });
      console.error(
        created ? `released ${app} ${version} into ${store}` : `${app} ${version} was already in the store`,
      );
      console.log(version);
      break;
    }
    case 'promote': {
      const app = parseAppName(required(args[0]));
      const canaryIndex = args.indexOf('--canary');
      const canary = canaryIndex >= 0 ? parsePercent(required(args[canaryIndex + 1])) : undefined;
      const { version, replaced, repaired } = await promote({ store, app, version: required(args[1]), canary });
      sayRepaired(repaired);
      if (canary === undefined) console.log(`${app} ${version} is live${replaced ? ` (was ${replaced})` : ''}`);
      else
        console.log(
          `${app} ${version} is live for ${canary} % of people${replaced ? ` (the canary was ${replaced})` : ''}`,
        );
      break;
    }
    case 'ramp': {
      const app = parseAppName(required(args[0]));
      const { version, percent, from, repaired } = await ramp({ store, app, percent: parsePercent(required(args[1])) });
      sayRepaired(repaired);
      console.log(
        percent === 100
          ? `${app} ${version} is live for everyone (was a canary at ${from} %)`
          : `${app} ${version} is live for ${percent} % of people (was ${from} %)`,
      );
      break;
    }
    case 'rollback': {
      const app = parseAppName(required(args[0]));
      const { version, replaced, canaryEnded, repaired } = await rollback({ store, app });
      sayRepaired(repaired);
      console.log(
        canaryEnded
          ? `${app} canary ${replaced} ended: ${version} is live for everyone`
          : `${app} ${version} is live again (was ${replaced})`,
      );
      break;
    }
    case 'releases': {
      const app = parseAppName(required(args[0]));
      for (const { version, live } of await listReleases(store, app)) console.log(`${live ? '*' : ' '} ${version}`);
      break;
    }
    case 'status': {
      if (args.includes('--json')) console.log(JSON.stringify(await statusJson(store), null, 2));
      else for (const line of await statusLines(store)) console.log(line);
      break;
    }
    case 'canary-health': {
      if (args.includes('--watch')) {
        watchHealth(args);
        break;
      }
      const backend = openStore(store);
      const changes = parseHealthOptions(args);
      const setting =
        Object.keys(changes).length > 0 ? await setHealthSetting(backend, changes) : await healthSettingOf(backend);
      console.log(`in ${store}, over the last ${setting.windowMinutes} min, ${rollbackRule(setting)}`);
      break;
    }
    case 'verify': {
      const backend = openStore(store);
      if (args.includes('--repair')) sayRepaired(await backend.withLock(() => repairStore(backend)));
      const { problems, releases, files } = await verifyStore(backend);
      sayOverrides(await overrideSettingOf(backend).catch(() => null));
      for (const problem of problems) console.log(problem);
      if (problems.length > 0) process.exitCode = 1;
      else console.error(`${store}: ${releases} releases, ${files} files and every pointer check out`);
      break;
    }
    case 'serve': {
      const edge = edgeOption(args);
      if (edge !== 'nginx' && isS3Location(store)) {
        throw new Refusal(`the embedded server serves a store in a folder: serve ${store} with --edge nginx`);
      }
      const commit = currentCommit();
      for (const app of appNames) {
        const { version } = await release({ store, app, from: join(workspaceRoot, app, 'dist'), commit });
        const { replaced, repaired } = await promote({ store, app, version });
        sayRepaired(repaired);
        console.log(`${app} ${version} is live${replaced && replaced !== version ? ` (was ${replaced})` : ''}`);
      }
      sayOverrides(await overrideSettingOf(openStore(store)));
      const server =
        edge === 'nginx'
          ? await serveWithNginx(store)
          : await startStoreServer({ store }).then((started) => {
              console.log(`serving ${store} on http://localhost:4000 (shell) and 4001-4003 (remotes); Ctrl+C stops`);
              return { stop: started.close };
            });
      // Beside the edge, never in it: the canary health job, which alone writes the store (a canary's rollback),
      // reading the report log the edge writes; started again should it exit.
      const job = keepHealthJob({ cli: fileURLToPath(import.meta.url), statusFolder });
      console.log(`canary health: checked every 5 s, its page written to ${join(statusFolder, statusFiles.page)}`);
      const stop = () => {
        void Promise.all([job.stop(), server.stop()]).then(() => process.exit(0));
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
      break;
    }
    case 'nginx-config': {
      const outIndex = args.indexOf('--out');
      const userIndex = args.indexOf('--nginx-user');
      const reportFolder = reportFolderFor(store);
      // The installed nginx's workers (its master is root's), who write the report folder.
      const workers =
        reportFolder === null
          ? undefined
          : nginxWorkerUser({ masterIsRoot: true, name: userIndex >= 0 ? required(args[userIndex + 1]) : undefined });
      const config = await nginxConfig({ store, brotli: args.includes('--brotli'), workers });
      sayOverrides(await overrideSettingOf(openStore(store)));
      if (workers === undefined)
        console.error(
          `the configuration takes no reports for ${store}: name a folder with ${reportLogVariable} or --report-log`,
        );
      else console.error(`nginx's workers, as ${workers.name}, write the pages' reports to ${reportFolder}`);
      if (outIndex >= 0) {
        const out = required(args[outIndex + 1]);
        writeFileSync(out, config);
        console.error(`wrote the nginx configuration for ${store} to ${out}`);
      } else {
        process.stdout.write(config);
      }
      break;
    }
    case 'overrides': {
      const backend = openStore(store);
      const [state] = args;
      if (state !== undefined && state !== 'on' && state !== 'off') required(undefined);
      const prefixes = args.flatMap((arg, index) => (args[index - 1] === '--prefix' ? [arg] : []));
      const localhost = args.includes('--localhost');
      const setting = state
        ? await setOverrides(backend, { enabled: state === 'on', localhost, prefixes })
        : await overrideSettingOf(backend);
      console.log(
        setting.enabled
          ? `overrides are on in ${store}, after a press in each tab, for ${allowedOverrideUrls(setting)}`
          : `overrides are off in ${store}`,
      );
      break;
    }
    case 'environment': {
      const backend = openStore(store);
      const [kind] = args;
      if (kind !== undefined && kind !== 'production' && kind !== 'non-production') required(undefined);
      if (kind !== undefined)
        await setProduction(backend, kind === 'production', { liftMark: args.includes(liftMarkFlag) });
      console.log(
        (await isProductionStore(backend))
          ? `${store} is a production store: overrides stay off there`
          : `${store} is not marked production`,
      );
      break;
    }
    default:
      console.error(usage);
      process.exitCode = 2;
  }
} catch (error) {
  if (error instanceof Refusal) {
    console.error(`refused: ${error.message}`);
  } else {
    console.error(error instanceof Error ? error.message : String(error));
  }
  process.exitCode = 1;
}

/**
 * @param {string} name what a person typed
 * @returns {import('@murmur/config/apps').AppName}
 */
function parseAppName(name) {
  if (!appNames.includes(/** @type {never} */ (name))) {
    throw new Error(`unknown app "${name}"; one of: ${appNames.join(', ')}`);
  }
  return /** @type {import('@murmur/config/apps').AppName} */ (name);
}

/** @param {string | undefined} value */
function required(value) {
  if (value === undefined) {
    console.error(usage);
    process.exit(2);
  }
  return value;
}

/**
 * Says on stderr when the store allows overrides (what an edge serves then, and verify-store, should not keep quiet).
 * @param {import('@murmur/release-checks/overrides').OverrideSetting | null} setting
 */
function sayOverrides(setting) {
  const notice = setting && overridesNotice(setting, store);
  if (notice) console.error(notice);
}

/** @param {string[]} repaired */
function sayRepaired(repaired) {
  for (const line of repaired) console.error(`repaired: ${line}`);
}

/**
 * A share of people as typed: a decimal number, nothing else (promote and ramp check its range).
 * @param {string} text
 */
function parsePercent(text) {
  if (!/^\d{1,3}(?:\.\d{1,2})?$/.test(text)) throw new Refusal(`${JSON.stringify(text.slice(0, 20))} is not a percent`);
  return Number(text);
}

/**
 * Runs the canary health job until the process is stopped (`canary-health --watch`).
 * @param {string[]} args
 */
function watchHealth(args) {
  const everyIndex = args.indexOf('--every');
  const every = everyIndex >= 0 ? Number(required(args[everyIndex + 1])) : 5;
  if (!(every > 0)) throw new Refusal('--every takes a number of seconds, more than 0');
  const pageIndex = args.indexOf('--status-page');
  const folder = pageIndex >= 0 ? required(args[pageIndex + 1]) : undefined;
  const job = startHealthJob({ store, everyMs: every * 1000, statusFolder: folder });
  const stop = () => void job.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
