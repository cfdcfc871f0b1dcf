// @ts-check
import { describe, expect, it } from 'vitest';
import { pageDataOf } from '@murmur/config/page-data';
import { pageHtml } from './pageHtml.js';

/** @typedef {import('@murmur/config/page-data').PageElement} PageElement */

/** A page whose head holds `head` and whose body holds `body`. */
const pageOf = (/** @type {PageElement[]} */ head, /** @type {PageElement[]} */ body = []) => ({
  html: {
    tag: 'html',
    attributes: /** @type {[string, string][]} */ ([['lang', 'en']]),
    children: [
      { tag: 'head', attributes: [], children: head },
      { tag: 'body', attributes: [], children: body },
    ],
  },
});

describe("a page's HTML, written from its data", () => {
  it('writes each element with its attributes in order, a bare one bare, a void one with no end tag', () => {
    const html = pageHtml(
      pageOf([
        { tag: 'meta', attributes: [['charset', 'UTF-8']], children: [] },
        {
          tag: 'script',
          attributes: [
            ['type', 'module'],
            ['crossorigin', ''],
            ['src', './assets/a.js'],
          ],
          children: [],
        },
      ]),
    );
    expect(html).toBe(
      '<!doctype html>\n<html lang="en"><head><meta charset="UTF-8" />' +
        '<script type="module" crossorigin src="./assets/a.js"></script></head><body></body></html>',
    );
  });

  it('escapes attribute values and text, so no value can open or close a tag', () => {
    const hostile = '"><script>alert(1)</script>';
    const html = pageHtml(pageOf([{ tag: 'title', attributes: [['data-x', hostile]], children: [{ text: hostile }] }]));
    expect(html).not.toContain('<script>');
    // A browser reads back the very value and text.
    const title = /** @type {PageElement} */ (pageDataOf(html).html.children[0]);
    const [element] = /** @type {PageElement[]} */ (/** @type {PageElement} */ (title).children);
    expect(element?.attributes).toEqual([['data-x', hostile]]);
    expect(element?.children).toEqual([{ text: hostile }]);
  });

  it("writes a script's code as it is, but for any end tag of its own, in any case", () => {
    const code = 'a = "</script>"; b = "</SCRIPT >"; c = "</scripts"; d = 1 < 2 && "</div>";';
    const html = pageHtml(pageOf([{ tag: 'script', attributes: [], children: [{ text: code }] }]));
    expect(html).toContain('a = "<\\/script>"; b = "<\\/SCRIPT >"; c = "<\\/scripts"; d = 1 < 2 && "</div>";');
    const head = /** @type {PageElement} */ (pageDataOf(html).html.children[0]);
    expect(head.children).toHaveLength(1);
  });

  it('refuses a style whose text would end it early', () => {
    expect(() =>
      pageHtml(pageOf([{ tag: 'style', attributes: [], children: [{ text: 'a{}</style><script>x</script>' }] }])),
    ).toThrow('a <style> whose text would end it early');
  });

  it('reads back as the same page: the store server writes what it reads of the live page', () => {
    const built = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <script async crossorigin src="./assets/early.js" data-inline></script>
    <title>Murmur &amp; co</title>
  <link rel="modulepreload" crossorigin href="./a.js"></head>
  <body class="x">
    <div id="root"></div>
  </body>
</html>
`;
    const once = pageHtml(pageDataOf(built));
    expect(pageHtml(pageDataOf(once))).toBe(once);
    expect(once).toContain('<script async crossorigin src="./assets/early.js" data-inline></script>');
    expect(once).toContain('<title>Murmur &amp; co</title>');
  });
});
