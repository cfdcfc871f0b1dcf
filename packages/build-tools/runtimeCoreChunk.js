// @ts-check
import { federationRuntime } from './chunkGroups.js';

/** Rolldown's own runtime helpers (`__export`, `__esmMin`, …): stateless, a chunk every app's build emits alike. */
const rolldownRuntime = /^\0?rolldown\/runtime\.js$/;

/**
 * The file names of the chunks that hold the runtimes' cores: the federation runtime's, and rolldown's helpers that
 * nearly every chunk imports. Every app's build emits each under the same content-hashed name; the shell's early
 * script, or the store server's page, maps a remote's file of that name onto the shell's copy
 * (shell/earlyScriptPlugin.ts), so the page evaluates the federation runtime once, and fetches neither again. A remote
 * built with another version of either has another name and keeps its own copy.
 * @param {import('vite').Rollup.OutputBundle} bundle
 */
export function runtimeCoreFiles(bundle) {
  return Object.values(bundle).flatMap((output) =>
    output.type === 'chunk' && output.moduleIds.some((id) => federationRuntime.test(id) || rolldownRuntime.test(id))
      ? [output.fileName]
      : [],
  );
}

/**
 * The remote's side of the same: the remote must not fetch its own runtime-core copy where the page runs the
 * shell's, yet two things would: Vite's preload helper, next to a dynamic import, and the warm-up the federation
 * plugin appends to remoteEntry.js (both `<link rel="modulepreload">`, which no import map redirects). This leaves
 * the core out of both lists; where no map applies (a remote alone, or built with another runtime version) the
 * static import that needs it still loads it, one step later.
 * @returns {import('vite').Plugin[]}
 */
export function runtimeCoreNotPreloadedPlugin() {
  /** @type {Set<string>} */
  let core = new Set();
  /** @param {string} file a path relative to the output folder, or to the file that names it */
  const isCore = (file) => core.has(file) || [...core].some((name) => file.endsWith(`/${name.split('/').pop()}`));
  return [
    {
      name: 'murmur-runtime-core-not-preloaded',
      apply: 'build',
      // Before the federation plugin's config, which wraps this filter in its own.
      enforce: 'pre',
      config: () => ({
        build: { modulePreload: { resolveDependencies: (_file, deps) => deps.filter((dep) => !isCore(dep)) } },
      }),
      // Before Vite's import analysis writes the preload lists, in the same generateBundle pass.
      generateBundle: {
        order: 'pre',
        handler(_options, bundle) {
          core = new Set(runtimeCoreFiles(bundle));
        },
      },
    },
    {
      name: 'murmur-runtime-core-not-warmed-up',
      apply: 'build',
      // After the federation plugin has appended its warm-up list to remoteEntry.js.
      generateBundle: {
        order: 'post',
        handler(_options, bundle) {
          for (const output of Object.values(bundle)) {
            if (output.type !== 'chunk' || !output.code.includes('__mfWarmupPath')) continue;
            output.code = output.code.replace(
              /(__mfWarmupPath of )(\[[^\]]*\])/,
              (_match, head, list) =>
                head + JSON.stringify(/** @type {string[]} */ (JSON.parse(list)).filter((file) => !isCore(file))),
            );
          }
        },
      },
    },
  ];
}
