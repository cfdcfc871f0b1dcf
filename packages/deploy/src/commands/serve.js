// @ts-check
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { appNames } from '@murmur/config/apps';
import { serveWithNginx } from '../edge/nginx/storeEdge.js';
import { servedAt } from '../edge/servedAt.js';
import { startStoreServer } from '../edge/server.js';
import { keepHealthJob } from '../health/jobKeeper.js';
import { statusFiles } from '../health/statusPage.js';
import { openStore } from '../store/backends/openStore.js';
import { isS3Location } from '../store/backends/s3Location.js';
import { overrideSettingOf } from '../store/overrideSetting.js';
import { Refusal } from '../store/refusal.js';
import { release } from '../store/release.js';
import { workspaceRoot } from '../store/storePaths.js';
import { promote } from '../switches/promote.js';
import { sayOverrides, sayRepaired } from './notices.js';
import { currentCommit } from './workspaceBuild.js';

/** The servers `serve --edge` can put in front of the store. */
const edges = ['embedded', 'nginx'];

/** Where `serve`'s health job writes the status page: beside the store, never served by it. */
const statusFolder = join(workspaceRoot, '.murmur-status');

/** The CLI, which the health job serve keeps runs as `canary-health --watch`. */
const cli = fileURLToPath(new URL('../cli.js', import.meta.url));

/** @type {import('./parse.js').Command} */
export const serveCommand = {
  name: 'serve',
  synopses: ['serve [--edge nginx] [--report-log <folder>]'],
  help: [
    "serve: release every app's dist/ (run the build first), promote each, and serve the store on each app's port,",
    '  with the canary health job beside it (started again should it exit); --edge nginx serves it with nginx, which a',
    '  promote or rollback never reloads',
  ],
  options: {
    edge: {
      type: 'string',
      value: (text) => {
        if (!text || !edges.includes(text)) throw new Refusal(`--edge takes one of: ${edges.join(', ')}`);
        return text;
      },
    },
  },
  async run({ edge = 'embedded' }, context) {
    const { store, env, io } = context;
    if (edge !== 'nginx' && isS3Location(store)) {
      throw new Refusal(`the embedded server serves a store in a folder: serve ${store} with --edge nginx`);
    }
    const commit = currentCommit();
    for (const app of appNames) {
      const { version } = await release({ store, app, from: join(workspaceRoot, app, 'dist'), commit, env });
      const { replaced, repaired } = await promote({ store, app, version, env });
      sayRepaired(repaired, context);
      io.out(`${app} ${version} is live${replaced && replaced !== version ? ` (was ${replaced})` : ''}`);
    }
    sayOverrides(await overrideSettingOf(openStore(store, env)), context);
    const server =
      edge === 'nginx'
        ? await serveWithNginx(store)
        : await startStoreServer({ store }).then((started) => {
            io.out(`serving ${store} on ${servedAt()}; Ctrl+C stops`);
            return { stop: started.close };
          });
    // Beside the edge, never in it: the canary health job, which alone writes the store (a canary's rollback),
    // reading the report log the edge writes; started again should it exit.
    const job = keepHealthJob({ cli, statusFolder, env });
    io.out(`canary health: checked every 5 s, its page written to ${join(statusFolder, statusFiles.page)}`);
    const stop = () => {
      void Promise.all([job.stop(), server.stop()]).then(() => process.exit(0));
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  },
};
