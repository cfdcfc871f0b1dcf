// @ts-check
import { pageDataFile, pageDataOf } from '@murmur/config/page-data';
import { assetText } from './assetText.js';

/**
 * Writes the page's data beside the index.html of a build (`pageDataFile`), read from the page as the build wrote
 * it: after every plugin's changes to it.
 * @returns {import('vite').Plugin}
 */
export function pageDataPlugin() {
  return {
    name: 'murmur-page-data',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const page = bundle['index.html'];
        if (page?.type !== 'asset') return;
        const html = assetText(page);
        this.emitFile({ type: 'asset', fileName: pageDataFile, source: `${JSON.stringify(pageDataOf(html))}\n` });
      },
    },
  };
}
