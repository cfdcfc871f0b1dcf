// @ts-check
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { contractFiles } from '@murmur/config/published-types';
import { assetText } from './assetText.js';

/** The manifest the federation plugin writes. */
const manifestFile = 'mf-manifest.json';

/** The module the published declarations import `Shared` from, and that promote's check stands in for. */
export const sharedTypesModule = '@murmur/remote-kit';

/**
 * Writes `app`'s published declarations into its build, once it is written. They are printed in a worker started
 * with the build, so that the compiler's parse of the sources overlaps the bundling rather than following it. Not in
 * a watch build: a tab's override is never promoted.
 * @param {{ app: import('@murmur/config/apps').AppName; root: string }} options
 * @returns {import('vite').Plugin}
 */
export function publishedTypesPlugin({ app, root }) {
  /** @type {string} */
  let outDir;
  /** @type {Promise<{ exposes?: string; uses?: string }> | undefined} */
  let printed;
  return {
    name: 'murmur-published-types',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(root, config.build.outDir);
    },
    buildStart() {
      if (this.meta.watchMode) return;
      const worker = new Worker(new URL('./contractsWorker.js', import.meta.url), { workerData: { app, root } });
      printed = new Promise((resolvePrinted, reject) => {
        worker.once('message', resolvePrinted);
        worker.once('error', reject);
      });
      // A build that fails before writing never asks for it.
      printed.catch(() => undefined);
    },
    // The hash of each beside the manifest (`murmurContract`): an open tab switches a remote in place only between
    // versions with the same (the shell's deployment/switchInPlace.ts), reading no more than the manifest.
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        const manifest = bundle[manifestFile];
        if (!printed || manifest?.type !== 'asset') return;
        const contracts = await printed;
        const hash = (/** @type {string | undefined} */ text) =>
          text === undefined ? null : `sha256-${createHash('sha256').update(text).digest('base64')}`;
        manifest.source = JSON.stringify({
          ...JSON.parse(assetText(manifest)),
          murmurContract: { exposes: hash(contracts.exposes), uses: hash(contracts.uses) },
        });
      },
    },
    async writeBundle() {
      if (!printed) return;
      const contracts = await printed;
      if (contracts.exposes) writeFileSync(join(outDir, contractFiles.exposes), contracts.exposes);
      if (contracts.uses) writeFileSync(join(outDir, contractFiles.uses), contracts.uses);
    },
  };
}
