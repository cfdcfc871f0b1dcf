// @ts-check
import { join } from 'node:path';
import * as prettier from 'prettier';

/**
 * `text` as Prettier writes the file at `file` under `root`, with the repository's configuration; unchanged where
 * Prettier has no parser for it (an SVG).
 * @param {string} root
 * @param {string} file relative to root
 * @param {string} text
 */
export async function formatted(root, file, text) {
  const filepath = join(root, file);
  const { inferredParser } = await prettier.getFileInfo(filepath);
  if (!inferredParser) return text;
  const options = await prettier.resolveConfig(filepath);
  return prettier.format(text, { ...options, filepath });
}
