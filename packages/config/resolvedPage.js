// @ts-check
/**
 * What the store server resolves for the shell's page before it sends it, and the early script would otherwise find
 * out in the browser (docs/architecture.md, "The served page"), written once for both: the files of a remote's screen,
 * read from its manifest, and the data the page carries inline. Browser code reads this, so it imports nothing from
 * Node.
 */

/**
 * The attribute that asks promote to write a script of the page into the page itself (packages/deploy/src/page/livePage.js): the
 * early script, which must run before anything else of the page and so should not wait for a request of its own.
 */
export const inlineAttribute = 'data-inline';

/**
 * The early script's tag's attribute: the shell's files that hold the runtimes' cores (packages/config/runtimeCoreChunk.js),
 * relative to its base, separated by spaces. The shell's build writes it; the early script and the store server read
 * it to map a remote's copies onto the shell's.
 */
export const runtimeCoreAttribute = 'data-runtime-core';

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
 * @typedef {{ remotes: Record<string, unknown>; manifests: Record<string, ScreenManifest>; mapped: string[] }} ResolvedData
 */

/**
 * What is read here of a manifest.
 * @typedef {{
 *   exposes: { path: string; assets: { js: { sync: string[]; async: string[] }; css: { sync: string[] } } }[];
 *   metaData: { publicPath?: string; remoteEntry: { name: string } };
 * }} ScreenManifest
 */

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
 * names for them. `dataScripts`, the first of `scripts`, are what asking for the screen's data needs: the entry, the
 * data preload and the share resolver both import. Null where the remote exposes no `./app`.
 * @param {ScreenManifest} manifest
 * @param {string} manifestUrl where the manifest was read, absolute
 * @returns {{ base: string; scripts: string[]; dataScripts: string[]; styles: string[] } | null}
 */
export function screenFiles(manifest, manifestUrl) {
  const app = manifest.exposes.find((expose) => expose.path === './app');
  if (!app) return null;
  const preload = manifest.exposes.find((expose) => expose.path === './preload');
  const publicPath = manifest.metaData.publicPath;
  const base = new URL(publicPath && publicPath !== 'auto' ? publicPath : './', manifestUrl).href;
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
