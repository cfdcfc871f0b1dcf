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

  it("gives every script element and the nonce's meta the nonce, as its first attribute, and no other element", () => {
    const html = pageHtml(
      pageOf(
        [
          { tag: 'meta', attributes: [['property', 'csp-nonce']], children: [] },
          { tag: 'meta', attributes: [['name', 'theme-color']], children: [] },
          { tag: 'script', attributes: [['type', 'importmap']], children: [{ text: '{}' }] },
        ],
        [
          { tag: 'div', attributes: [['id', 'root']], children: [] },
          { tag: 'script', attributes: [['src', './a.js']], children: [{ text: '"<script "' }] },
        ],
      ),
      { nonce: 'n0nce' },
    );
    expect(html).toContain('<script nonce="n0nce" type="importmap">{}</script>');
    expect(html).toContain('<script nonce="n0nce" src="./a.js">"<script "</script>');
    expect(html).toContain('<div id="root"></div>');
    // Where a dev server's client (an override's) reads the nonce for the styles it adds.
    expect(html).toContain('<meta nonce="n0nce" property="csp-nonce" />');
    expect(html).toContain('<meta name="theme-color" />');
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
