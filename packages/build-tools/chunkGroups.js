// @ts-check
import { join, resolve, sep } from 'node:path';

/**
 * The federation runtime's core: one chunk, byte for byte the same in every app, that the page evaluates once
 * (packages/build-tools/runtimeCoreChunk.js). Not `@module-federation/runtime` itself, which holds each app's own
 * instance.
 */
export const federationRuntime = /[\\/]node_modules[\\/]@module-federation[\\/](runtime-core|sdk|error-codes)[\\/]/;
/**
 * A remote's own federation plumbing, one small chunk (three otherwise): `@module-federation/runtime`, which holds the
 * app's own federation instance, and the plugin's map of the app's shared-package fallbacks, both needed at its init.
 */
const federationInstance = /[\\/]node_modules[\\/]@module-federation[\\/]runtime[\\/]|localSharedImportMap/;

/**
 * Exposes a page loads ahead of the remote's screen, which must stay small (a route's data preload): what they import
 * of the remote's own code is a chunk of its own, not part of the remote's one big chunk.
 */
const smallExposes = ['./preload'];

/**
 * Fewer, bigger chunks, each a request the first load no longer waits for (rolldown's `codeSplitting` groups, below
 * the federation plugin's own groups, which keep each shared package's wrapper in a chunk of its own):
 * - the federation runtime's core in one chunk, the same in every app;
 * - what the shell's page script reaches statically (the shell's code, its telemetry sender and the packages it
 *   provides) in one chunk: the shell needs them all on every page; but
 *   what its own source loads with `import()` (a page few visits need, the checks of an override), and what only that
 *   reaches, is left to rolldown, which makes each such import a chunk of its own that the first load never fetches;
 * - a remote's own source and what it alone imports (its workspace packages, its libraries) in one chunk, which its
 *   exposes load, but for what a small expose (`smallExposes`) imports, in a chunk of its own. What the remote
 *   reaches only through a shared package's fallback stays out: the shell provides it.
 * An entry module is never grouped (an HTML page's script, each expose, the plugin's remoteEntry and init chunks):
 * each stays a chunk of its own that imports the group.
 * @param {{ isRemote: boolean; root: string; exposes?: Record<string, string> }} options `root`: the app's folder,
 *   whose `src/` holds its own source; `exposes`: as the federation plugin gets them, paths relative to `root`
 * @returns {{ plugin: import('vite').Plugin; codeSplitting: import('vite').Rolldown.CodeSplittingOptions }}
 */
export function chunkGroups({ isRemote, root, exposes = {} }) {
  const source = join(root, 'src') + sep;
  const small = new Set(
    Object.entries(exposes).flatMap(([name, file]) => (smallExposes.includes(name) ? [resolve(root, file)] : [])),
  );
  const exposed = new Set(Object.values(exposes).map((file) => resolve(root, file)));
  /** What the exposes reach through static imports: the remote's code on a page (shared packages are wrappers). */
  const reachedByExposes = new Set();
  /** @type {Set<string>} */
  const entries = new Set();
  /** @type {Set<string>} */
  const reachedBySmall = new Set();
  /** @type {string[]} */
  const pageScripts = [];
  /** @type {Set<string>} */
  const loadedLater = new Set();
  /** What the page's own script reaches statically: the shell's first load. */
  const pageEager = new Set();
  const plugin = /** @type {import('vite').Plugin} */ ({
    name: 'murmur-chunk-groups',
    apply: 'build',
    moduleParsed(info) {
      if (!info.isEntry) return;
      entries.add(info.id);
      // An HTML page is the entry; the script it names is what Vite writes into it.
      if (!info.id.endsWith('.html')) return;
      for (const id of info.importedIds) entries.add(id);
      pageScripts.push(...info.importedIds);
    },
    buildEnd() {
      // What the entries reach through static imports is needed at boot; what the shell's source imports with
      // import(), and what that reaches, is loaded later unless the boot needs it too.
      const eager = closure(this, [...entries]);
      for (const id of closure(this, pageScripts)) pageEager.add(id);
      const lazyRoots = [...this.getModuleIds()]
        .filter((id) => id.startsWith(source))
        .flatMap((id) => this.getModuleInfo(id)?.dynamicallyImportedIds ?? []);
      for (const id of closure(this, lazyRoots)) if (!eager.has(id)) loadedLater.add(id);
      const exposeIds = [...this.getModuleIds()].filter((id) => exposed.has(id.replace(/\?.*$/, '')));
      for (const id of closure(this, exposeIds)) reachedByExposes.add(id);
      const pending = [...this.getModuleIds()].filter((id) => small.has(id.replace(/\?.*$/, '')));
      for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
        if (reachedBySmall.has(id)) continue;
        reachedBySmall.add(id);
        pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  });
  const ownCode = (/** @type {string} */ id) => !entries.has(id) && (id.startsWith(source) || reachedByExposes.has(id));
  // A remote's groups start at its own source and what its exposes import (its workspace packages, its libraries),
  // and take in what that imports (rolldown's default), not the shared packages, whose imports resolve to the
  // federation plugin's wrappers (whose own groups outrank these). The small exposes' part comes first (a
  // higher priority), so that the big chunk does not take it in as something its modules import.
  const remoteGroups = [
    { name: 'federation', test: federationInstance, priority: 20 },
    {
      name: 'remote-small',
      test: (/** @type {string} */ id) => !entries.has(id) && reachedBySmall.has(id),
      priority: 15,
    },
    { name: 'remote', test: ownCode, priority: 10 },
  ];
  const shellGroups = [
    {
      name: 'shell',
      test: (/** @type {string} */ id) => !entries.has(id) && pageEager.has(id) && !federationRuntime.test(id),
      priority: 10,
    },
  ];
  return {
    plugin,
    codeSplitting: {
      groups: [
        { name: 'federation-runtime', test: federationRuntime, priority: 30 },
        ...(isRemote ? remoteGroups : shellGroups),
      ],
    },
  };
}

/**
 * The modules `roots` reach through static imports, themselves included.
 * @param {{ getModuleInfo: (id: string) => { importedIds: readonly string[] } | null }} context
 * @param {string[]} roots
 */
function closure(context, roots) {
  const reached = new Set();
  for (let pending = [...roots], id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (reached.has(id)) continue;
    reached.add(id);
    pending.push(...(context.getModuleInfo(id)?.importedIds ?? []));
  }
  return reached;
}
