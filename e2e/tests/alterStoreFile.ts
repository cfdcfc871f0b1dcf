import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, gzipSync } from 'node:zlib';

/**
 * Changes the file at `path` in a store folder as `edit` says, its precompressed variants too (the server would send
 * those instead); answers a function that puts back the released bytes. For tests of what a page does with a file
 * that is not what was released.
 */
export function alterStoreFile(path: string, edit: (text: string) => string) {
  const variants = [
    { path, encode: (bytes: Buffer) => bytes },
    { path: `${path}.br`, encode: (bytes: Buffer) => brotliCompressSync(bytes) },
    { path: `${path}.gz`, encode: (bytes: Buffer) => gzipSync(bytes) },
  ].filter((variant) => existsSync(variant.path));
  const saved = variants.map((variant) => ({ path: variant.path, bytes: readFileSync(variant.path) }));
  const altered = Buffer.from(edit(readFileSync(path, 'utf8')));
  for (const variant of variants) writeFileSync(variant.path, variant.encode(altered));
  return () => {
    for (const { path: saving, bytes } of saved) writeFileSync(saving, bytes);
  };
}
