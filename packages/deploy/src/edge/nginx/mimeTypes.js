// @ts-check
import { mimes } from 'mrmime';

/**
 * nginx's `types` block with the Content-Type sirv (and so the embedded server) sends for each file extension: both
 * read mrmime's table, so a .js file is text/javascript from either, where nginx's own mime.types says
 * application/javascript.
 */
export function typesBlock() {
  /** @type {Map<string, string[]>} */
  const byType = new Map();
  for (const [extension, type] of Object.entries(mimes)) {
    // An extension nginx could not read as one word is left out: those files get default_type.
    if (!/^[a-z0-9][a-z0-9._+-]*$/i.test(extension) || !/^[\w.+-]+\/[\w.+-]+$/.test(type)) continue;
    byType.set(type, [...(byType.get(type) ?? []), extension]);
  }
  return ['types {', ...[...byType].map(([type, extensions]) => `  ${type} ${extensions.join(' ')};`), '}'];
}
