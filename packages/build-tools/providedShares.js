// @ts-check
import { createRequire } from 'node:module';
import { providedModules } from '@murmur/config/federation';
import { singletonOf } from './sharedDependencies.js';

/** The federation plugin's version the apps are built with: the shell loads directly only what it built. */
export const pluginVersion = String(createRequire(import.meta.url)('@module-federation/vite/package.json').version);

/** The module the shell's boot imports for the modules it provides (shell/src/federation/provideShares.ts). */
export const providedSharesModule = 'virtual:murmur-provided-shares';
const resolvedId = `\0${providedSharesModule}`;

/**
 * The modules the shell provides (`providedModules`), written once for both places that need them:
 * - the shell's manifest lists each, as a singleton of the version it was built with, so that promote checks every
 *   remote against it as before (`manifest`, the federation plugin's `manifest.additionalData`);
 * - its boot gets each module with its name and version (`providedSharesModule`, a module this generates that imports
 *   each one), to put on the page before any remote's code runs, and the federation plugin's version, whose
 *   wrappers' way of reading them the shell was built against.
 * A development build (the development shell, the dev server) provides React's development JSX runtime too.
 * @param {string} root the shell's folder
 * @returns {{ plugin: import("vite").Plugin;
 *   manifest: { additionalData: (data: { stats: object }) => Record<string, unknown> } }}
 */
export function providedShares(root) {
  let development = false;
  const listed = () =>
    providedModules({ development }).map((name) => ({ id: `shell:${name}`, name, ...singletonOf(root, name) }));
  return {
    plugin: {
      name: 'murmur-provided-shares',
      configResolved(config) {
        development = !config.isProduction;
      },
      resolveId: (id) => (id === providedSharesModule ? resolvedId : undefined),
      load(id) {
        if (id !== resolvedId) return undefined;
        const modules = listed();
        return [
          ...modules.map(({ name }, at) => `import * as m${at} from ${JSON.stringify(name)};`),
          'export const providedShares = [',
          ...modules.map(
            ({ name, version }, at) => `  { name: ${JSON.stringify(name)}, version: "${version}", module: m${at} },`,
          ),
          '];',
          `export const pluginVersion = ${JSON.stringify(pluginVersion)};`,
        ].join('\n');
      },
    },
    manifest: { additionalData: ({ stats }) => ({ ...stats, shared: listed() }) },
  };
}
