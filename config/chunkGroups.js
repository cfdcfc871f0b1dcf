// @ts-check
import { join, sep } from 'node:path';

/**
 * The federation runtime's core: one chunk, byte for byte the same in every app, that the page evaluates once
 * (config/runtimeCoreChunk.js). Not `@module-federation/runtime` itself, which holds each app's own instance.
 */
const federationRuntime = /[\\/]node_modules[\\/]@module-federation[\\/](runtime-core|sdk|error-codes)[\\/]/;
/**
 * A remote's own federation plumbing, one small chunk (three otherwise): `@module-federation/runtime`, which holds the
 * app's own federation instance, and the plugin's map of the app's shared-package fallbacks, both needed at its init.
 */
const federationInstance = /[\\/]node_modules[\\/]@module-federation[\\/]runtime[\\/]|localSharedImportMap/;

/**
 * Fewer, bigger chunks, each a request the first load no longer waits for (rolldown's `codeSplitting` groups, below
 * the federation plugin's own groups, which keep each shared package's wrapper in a chunk of its own):
 * - the federation runtime's core in one chunk, the same in every app;
 * - the shell's code and the shared packages it provides in one chunk: the shell needs them all on every page;
 * - a remote's own source and what it alone imports (its workspace packages, its libraries) in one chunk, which every
 *   expose of it loads. What it reaches only through a shared package's fallback stays out: the shell provides it.
 * An entry module is never grouped (an HTML page's script, each expose, the plugin's remoteEntry and init chunks):
 * each stays a chunk of its own that imports the group, so a small expose stays small.
 * @param {{ isRemote: boolean; root: string }} options `root`: the app's folder, whose `src/` holds its own source
 * @returns {{ plugin: import('vite').Plugin; codeSplitting: import('vite').Rolldown.CodeSplittingOptions }}
 */
export function chunkGroups({ isRemote, root }) {
  const source = join(root, 'src') + sep;
  /** @type {Set<string>} */
  const entries = new Set();
  const plugin = /** @type {import('vite').Plugin} */ ({
    name: 'murmur-chunk-groups',
    apply: 'build',
    moduleParsed(info) {
      if (!info.isEntry) return;
      entries.add(info.id);
      // An HTML page is the entry; the script it names is what Vite writes into it.
      if (info.id.endsWith('.html')) for (const id of info.importedIds) entries.add(id);
    },
  });
  // A remote's group starts at its own source and takes in what that imports (rolldown's default), not the shared
  // packages, whose imports resolve to the federation plugin's wrappers.
  const grouped = (/** @type {string} */ id) =>
    !entries.has(id) && (isRemote ? id.startsWith(source) : !federationRuntime.test(id));
  return {
    plugin,
    codeSplitting: {
      groups: [
        { name: 'federation-runtime', test: federationRuntime, priority: 30 },
        ...(isRemote ? [{ name: 'federation', test: federationInstance, priority: 20 }] : []),
        { name: isRemote ? 'remote' : 'shell', test: grouped, priority: 10 },
      ],
    },
  };
}
