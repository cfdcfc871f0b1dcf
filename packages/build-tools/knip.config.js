// @ts-check
// Unused files, exports and dependencies fail `verify` (root script `knip`). Each workspace's entry points come from
// its package.json and tool configs (Vite, Vitest, Playwright); what those cannot tell is written here.
import { apps } from '@murmur/config/apps';

/**
 * What each remote exposes is loaded by other apps at run time: an entry point knip cannot find by imports. Naming
 * entries replaces knip's defaults, so the remote's standalone page (`src/main.tsx`) is named too.
 */
const exposedModules = Object.fromEntries(
  Object.entries(apps).flatMap(([app, spec]) =>
    'exposes' in spec
      ? [
          [
            app,
            {
              entry: [
                'src/main.tsx',
                ...Object.values(spec.exposes).map((file) => file.replace(/^\.\//, '')),
                // Its exposes' types, which the apps that load them and its build read (docs/contracts.md).
                'src/exposes.ts',
                // The types of the modules of other remotes it loads, which its type check and build read.
                ...('uses' in spec ? ['src/remoteModules.ts'] : []),
              ],
            },
          ],
        ]
      : [],
  ),
);

/** @type {import('knip').KnipConfig} */
export default {
  workspaces: {
    // Run by hand to bring out load-sensitive tests: README, "Testing".
    '.': { entry: ['packages/scripts/*.mjs'] },
    ...exposedModules,
    // The early script is bundled on its own by the shell's earlyScriptPlugin.
    shell: { entry: ['src/early/earlyScript.ts', 'src/remoteModules.ts'] },
    // Run in a worker by the build (publishedTypesPlugin.js); the Vitest config packages/config's tests run with.
    'packages/build-tools': { entry: ['contractsWorker.js', 'vitest.modules.config.js'] },
    // Its tests run with build-tools' Vitest config (its package.json's `test` script names it).
    'packages/config': { entry: ['*.test.js'] },
    // The federation bench serves the baseline in a process of its own (bench/servers.mjs); the overrides spec runs a
    // remote's dev server with its own Vite.
    e2e: { entry: ['bench/baselineServer.mjs'], ignoreBinaries: ['vite'] },
    // The nginx tests install Debian's nginx with apt-get when it is missing
    // (packages/deploy/src/edge/nginx/findNginx.js); one runs nginx-config as another user with util-linux's setpriv.
    'packages/deploy': { ignoreBinaries: ['apt-get', 'setpriv'] },
  },
};
