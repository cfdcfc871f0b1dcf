// @ts-check
import { resolve } from 'node:path';
import { assetText } from './assetText.js';

/**
 * The fields a remote's build adds to each expose of the manifest the federation plugin writes, for the page to load
 * the expose without the federation runtime (docs/architecture.md, "The linked first load"): `murmurEntry`, the
 * expose's own file, and `murmurFiles`, what that file imports statically, itself first (paths relative to the
 * manifest's folder, as the plugin's own assets are).
 * @typedef {{ murmurEntry?: string; murmurFiles?: string[] }} DirectExpose
 */

/** The manifest the federation plugin writes, which the remote's build extends. */
const manifestFile = 'mf-manifest.json';

/**
 * The files `entry` imports statically, itself first, from the chunks of a bundle.
 * @param {Record<string, { imports: string[] }>} chunks by file name
 * @param {string} entry
 */
function staticClosure(chunks, entry) {
  /** @type {string[]} */
  const reached = [];
  for (let pending = [entry], file = pending.shift(); file !== undefined; file = pending.shift()) {
    if (reached.includes(file)) continue;
    reached.push(file);
    pending.push(...(chunks[file]?.imports ?? []));
  }
  return reached;
}

/**
 * Writes each expose's own file and its static closure into the remote's manifest (`DirectExpose`), read from the
 * bundle: the chunk whose facade is the expose's source. Nothing else changes: the plugin's remoteEntry, wrappers and
 * manifest stay as it makes them, for the runtime's path.
 * @param {{ root: string; exposes: Record<string, string> }} options the app's folder; its exposes, as the federation
 *   plugin gets them
 * @returns {import('vite').Plugin}
 */
export function directExposesPlugin({ root, exposes }) {
  return {
    name: 'murmur-direct-exposes',
    apply: 'build',
    enforce: 'post',
    // After the federation plugin has written its manifest.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const asset = bundle[manifestFile];
        if (asset?.type !== 'asset') return;
        /** @type {Record<string, { imports: string[] }>} */
        const chunks = {};
        /** @type {Map<string, string>} */
        const chunkOfSource = new Map();
        for (const output of Object.values(bundle)) {
          if (output.type !== 'chunk') continue;
          chunks[output.fileName] = output;
          if (output.facadeModuleId) chunkOfSource.set(output.facadeModuleId.replace(/\?.*$/, ''), output.fileName);
        }
        const manifest = JSON.parse(assetText(asset));
        for (const expose of manifest.exposes ?? []) {
          const file = exposes[expose.path];
          const entry = file === undefined ? undefined : chunkOfSource.get(resolve(root, file));
          if (!entry) continue;
          expose.murmurEntry = entry;
          expose.murmurFiles = staticClosure(chunks, entry);
        }
        asset.source = JSON.stringify(manifest);
      },
    },
  };
}
