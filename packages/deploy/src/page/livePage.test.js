// @ts-check
import { describe, expect, it } from 'vitest';
import { pageDataOf } from '@murmur/config/page-data';
import { inlinedScripts, livePage } from './livePage.js';
import { pageHtml } from './pageHtml.js';
import { integrityOf } from '../store/releaseRecord.js';

const code = 'document.title = "</script>";\n';
const built = `<!doctype html>
<html>
  <head>
    <script async crossorigin src="./assets/early-1.js" data-runtime-core="assets/core.js" data-inline></script>
    <script type="module" crossorigin src="./assets/shell-2.js"></script>
  </head>
</html>
`;
const page = pageDataOf(built);
const integrity = {
  'assets/early-1.js': integrityOf(Buffer.from(code)),
  'assets/shell-2.js': `sha384-${'A'.repeat(64)}`,
};
const read = async (/** @type {string} */ file) => (file === 'assets/early-1.js' ? code : null);

describe("a version's live page", () => {
  it('carries the script its page asks to inline, released and unable to close its element', async () => {
    const html = pageHtml(livePage(page, '/v1/', integrity, await inlinedScripts(page, integrity, read)));
    expect(html).toContain('<script data-runtime-core="assets/core.js">document.title = "<\\/script>";\n</script>');
    expect(html).not.toContain('src="./assets/early-1.js"');
    // The other scripts are still fetched, each with its integrity.
    expect(html).toContain(
      `<script type="module" crossorigin src="./assets/shell-2.js" integrity="${integrity['assets/shell-2.js']}">`,
    );
  });

  it('refuses to inline a script that is missing or not the one released', async () => {
    await expect(inlinedScripts(page, integrity, async () => null)).rejects.toThrow(
      'its page inlines assets/early-1.js, which is missing or not the file released',
    );
    await expect(inlinedScripts(page, integrity, async () => `${code}alert(1);\n`)).rejects.toThrow(
      'not the file released',
    );
  });

  it('reads no file its release does not record: a path out of the version folder is refused unread', async () => {
    const outside = pageDataOf(built.replace('./assets/early-1.js', './../../../../etc/hostname'));
    /** @type {string[]} */
    const asked = [];
    const spy = async (/** @type {string} */ file) => (asked.push(file), read(file));
    await expect(inlinedScripts(outside, integrity, spy)).rejects.toThrow(
      'its page inlines "../../../../etc/hostname", which is not a script of its release',
    );
    expect(asked).toEqual([]);
  });
});
