// @ts-check

/**
 * The text of an asset of a bundle (a page, a manifest), as a build plugin reads it in `generateBundle`.
 * @param {import('vite').Rollup.OutputAsset} asset
 */
export const assetText = (asset) =>
  typeof asset.source === 'string' ? asset.source : Buffer.from(asset.source).toString('utf8');
