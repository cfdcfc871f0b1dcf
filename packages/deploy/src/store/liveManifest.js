// @ts-check

/**
 * A remote's live manifest (`<remote>/mf-manifest.json`), which promote writes beside the version folders: the
 * manifest of the remote's stable version as released, with `metaData.publicPath` naming that version's folder by its
 * full URL. A remote alone loads another remote from its root manifest (packages/config/apps.js, `localManifestUrl`);
 * a manifest built with `publicPath: "auto"` would send it to the root for every file, so the live one says where its
 * files are. Every edge serves it as a file: no redirect and nothing in an edge's configuration names the version.
 *
 * Where each edge serves a remote's live manifest: its root. */
export const liveManifestPath = '/mf-manifest.json';

/**
 * The live manifest of a remote whose stable version holds `released` (its mf-manifest.json, already checked by
 * manifest.js) in the folder served at `versionFolder`.
 * @param {string} released
 * @param {string} versionFolder the version folder's URL, ending in "/"
 */
export function liveManifestText(released, versionFolder) {
  const manifest = JSON.parse(released);
  manifest.metaData = { ...manifest.metaData, publicPath: versionFolder };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}
