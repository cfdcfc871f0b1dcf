// @ts-check
/**
 * What the store server resolves for the shell's page before it sends it, and the early script would otherwise find
 * out in the browser (docs/architecture.md, "The served page"), written once for both: the files of a remote's screen,
 * read from its manifest, and the data the page carries inline. Browser code reads this, so it imports nothing from
 * Node.
 */

/**
 * The attribute that asks promote to write a script of the page into the page itself
 * (packages/deploy/src/page/livePage.js): the early script, which must run before anything else of the page and so
 * should not wait for a request of its own.
 */
export const inlineAttribute = 'data-inline';

/**
 * The early script's tag's attribute: the shell's files that hold the runtimes' cores
 * (packages/build-tools/runtimeCoreChunk.js), relative to its base, separated by spaces. The shell's build writes it;
 * the early script and the store server read it to map a remote's copies onto the shell's.
 */
export const runtimeCoreAttribute = 'data-runtime-core';

/**
 * The early script's tag's attributes that say what the shell's page puts on it for remotes loaded straight from their
 * files (the linked first load): the federation plugin's version the shell was built with, and the modules it provides,
 * separated by spaces (packages/build-tools/providedShares.js). The shell's build writes them; the early script and
 * promote read them to tell which remotes the page loads directly (`runtimeNeededFor`).
 */
export const pluginVersionAttribute = 'data-federation-plugin';
export const providedAttribute = 'data-provided';

/**
 * What the shell's page provides, as its early script's tag states it (`pluginVersionAttribute`,
 * `providedAttribute`), given a reader of the tag's attributes.
 * @param {(name: string) => string | null | undefined} attribute
 * @returns {LinkedShell}
 */
export const linkedShellOf = (attribute) => ({
  pluginVersion: attribute(pluginVersionAttribute) ?? undefined,
  provided: new Set((attribute(providedAttribute) ?? '').split(' ').filter(Boolean)),
});

/**
 * What a shell puts on the page for remotes loaded straight from their files.
 * @typedef {{ pluginVersion: string | undefined; provided: ReadonlySet<string> }} LinkedShell
 */

/**
 * Where in the shell's version folder its development build is (shell/developmentShellPlugin.ts), which only a tab
 * that holds an override runs: the live page gives the browser no integrity for its files, and names none of them.
 */
export const developmentShellFolder = 'dev/';

/** The id of the page's inline JSON (`<script type="application/json">`) the early script reads before it asks. */
export const resolvedDataId = 'murmur-resolved';

/**
 * The page's inline JSON: remotes.json as this browser is sent it; the manifests of the remotes the address needs, by
 * URL, as the store holds them; and the remote files already mapped onto the shell's runtime core by the page's import
 * map (their URLs), which the early script must not map again.
 * @typedef {{ remotes: Record<string, unknown>; manifests: Record<string, ScreenManifest>;
 *   mapped: string[] }} ResolvedData
 */

/**
 * What is read here of a manifest: the plugin's own fields, and the files of each expose a remote's build adds for
 * the linked first load (directExposes.js).
 * @typedef {{
 *   exposes: {
 *     path: string;
 *     assets: { js: { sync: string[]; async: string[] }; css: { sync: string[] } };
 *     murmurEntry?: string;
 *     murmurFiles?: string[];
 *   }[];
 *   metaData: { publicPath?: string; remoteEntry: { name: string }; pluginVersion?: string };
 *   shared?: { name: string }[];
 * }} ScreenManifest
 */

/**
 * The folder the manifest at `manifestUrl` names for its files, absolute.
 * @param {ScreenManifest} manifest
 * @param {string} manifestUrl
 */
export const baseOf = (manifest, manifestUrl) => {
  const publicPath = manifest.metaData.publicPath;
  return new URL(publicPath && publicPath !== 'auto' ? publicPath : './', manifestUrl).href;
};

/**
 * What the page needs to load a remote's expose straight from its file (the linked first load): its file, what that
 * imports statically (the file first), and its stylesheets, relative to the manifest's folder; null where the
 * manifest names no file for it (a dev server's, a build from before).
 * @param {ScreenManifest} manifest
 * @param {string} expose `./app`
 */
export function directFilesOf(manifest, expose) {
  const found = manifest.exposes.find((entry) => entry.path === expose);
  if (!found?.murmurEntry || !found.murmurFiles) return null;
  return { entry: found.murmurEntry, scripts: found.murmurFiles, styles: found.assets.css.sync };
}

/**
 * Why a remote whose manifest is `manifest` cannot have `expose` loaded straight from its file on a page whose shell
 * put `provided` on it and was built by the federation plugin `pluginVersion`, or null when it can: the remote must be
 * built by the same plugin (whose share wrappers read the shell's modules as this shell's were built to put them),
 * need no shared module the shell did not put on the page, and name the expose's file. The shell's loader asks this
 * of each remote it loads, and promote of each it links (packages/deploy/src/page/).
 * @param {ScreenManifest} manifest
 * @param {string} expose
 * @param {LinkedShell} shell
 * @returns {string | null}
 */
export function runtimeNeededFor(manifest, expose, shell) {
  const built = manifest.metaData.pluginVersion ?? 'of unknown version';
  if (manifest.metaData.pluginVersion !== shell.pluginVersion)
    return `it was built by the federation plugin ${built}, the shell by ${shell.pluginVersion}`;
  const missing = (manifest.shared ?? []).filter(({ name }) => !shell.provided.has(name)).map(({ name }) => name);
  if (missing.length > 0) return `it needs ${missing.join(', ')}, which the shell does not put on the page`;
  if (!directFilesOf(manifest, expose)) return `its manifest names no file for ${expose}`;
  return null;
}

/**
 * Of the lazily imported files of an expose, the remote's share-resolving module: its exposes import it as soon as
 * they run. (The other lazily imported files are its own copies of shared packages, which the page takes from the
 * shell.)
 * @param {ScreenManifest['exposes'][number] | undefined} expose
 */
const resolvesShares = (expose) => (expose?.assets.js.async ?? []).filter((file) => file.includes('__loadShare__'));

/**
 * The scripts and stylesheets of a remote's screen (`./app`), and of the module that asks for the screen's data
 * (`./preload`, where the remote has one), with its entry first: paths relative to `base`, the folder the manifest
 * names for them. `dataScripts`, the first of `scripts`, are what asking for the screen's data needs. Loaded
 * `direct`ly, these are each expose's own file and its static imports; through the federation runtime, the remote's
 * entry, each expose's files and the share resolver both import. Null where the remote exposes no `./app`.
 * @param {ScreenManifest} manifest
 * @param {string} manifestUrl where the manifest was read, absolute
 * @param {{ direct: boolean }} how
 * @returns {{ base: string; scripts: string[]; dataScripts: string[]; styles: string[] } | null}
 */
export function screenFiles(manifest, manifestUrl, { direct }) {
  const app = manifest.exposes.find((expose) => expose.path === './app');
  if (!app) return null;
  const preload = manifest.exposes.find((expose) => expose.path === './preload');
  const base = baseOf(manifest, manifestUrl);
  const appFiles = direct ? directFilesOf(manifest, './app') : null;
  if (appFiles) {
    const dataScripts = (preload && directFilesOf(manifest, './preload')?.scripts) ?? appFiles.scripts;
    const scripts = [...new Set([...dataScripts, ...appFiles.scripts])];
    return { base, scripts, dataScripts, styles: appFiles.styles };
  }
  const dataScripts = [
    ...new Set([
      manifest.metaData.remoteEntry.name,
      ...(preload?.assets.js.sync ?? []),
      ...resolvesShares(preload ?? app),
    ]),
  ];
  const scripts = [...new Set([...dataScripts, ...app.assets.js.sync])];
  return { base, scripts, dataScripts, styles: app.assets.css.sync };
}
