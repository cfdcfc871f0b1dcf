// @ts-check
import { describe, expect, it } from 'vitest';
import { pageDataFile, pageDataOf } from '@murmur/config/page-data';
import { releasePage } from './releasePage.js';

const html = '<!doctype html>\n<html>\n  <head><title>x</title></head>\n  <body></body>\n</html>\n';
const data = pageDataOf(html);

/** A release's files, read by path in its folder. */
const filesOf = (/** @type {Record<string, string>} */ files) => async (/** @type {string} */ file) =>
  files[file] ?? null;

describe("a release's page", () => {
  it('is its page.json where it has one, not what its index.html says', async () => {
    const other = pageDataOf(html.replace('<title>x</title>', '<title>y</title>'));
    const read = filesOf({ [pageDataFile]: JSON.stringify(other), 'index.html': html });
    expect(await releasePage(read, 'shell v1')).toEqual(other);
  });

  it('is read from its index.html where a release made before builds wrote page.json has none', async () => {
    expect(await releasePage(filesOf({ 'index.html': html }), 'shell v1')).toEqual(data);
    expect(await releasePage(filesOf({}), 'feed-mfe v1')).toBeNull();
  });

  it('is refused, naming the release and the file, where page.json is not a page', async () => {
    const html = /** @type {any} */ (structuredClone(data)).html;
    for (const [json, problem] of [
      ['{', 'not JSON'],
      ['[]', 'no "html" element'],
      [JSON.stringify({ html: { ...html, tag: 'body' } }), 'its root is <body>, not <html>'],
      [JSON.stringify({ html: { ...html, children: [] } }), 'no <head>'],
      [JSON.stringify({ html: { ...html, tag: 'html><script' } }), 'html: no tag name, or one no HTML tag has'],
      [
        JSON.stringify({ html: { ...html, attributes: [['onload="x"', '']] } }),
        'html: an attribute name no HTML attribute has: "onload=\\"x\\""',
      ],
      [
        JSON.stringify({ html: { ...html, attributes: [['lang']] } }),
        'html: an attribute that is not a [name, value] of strings',
      ],
      [JSON.stringify({ html: { ...html, children: [{ text: 1 }] } }), 'html[0]: a text that is not a string'],
      [
        JSON.stringify({ html: { ...html, children: [...html.children, { tag: 'p' }] } }),
        'html[3]: no attributes list',
      ],
    ]) {
      const read = filesOf({ [pageDataFile]: /** @type {string} */ (json), 'index.html': html });
      await expect(releasePage(read, 'shell v1'), json).rejects.toThrow(
        `shell v1: its page.json is not a page's data: ${problem}`,
      );
    }
  });

  it('is refused where page.json nests deeper than any page', async () => {
    /** @type {any} */
    let deep = { text: '' };
    for (let depth = 0; depth < 100; depth += 1) deep = { tag: 'div', attributes: [], children: [deep] };
    const html = { tag: 'html', attributes: [], children: [{ tag: 'head', attributes: [], children: [] }, deep] };
    await expect(releasePage(filesOf({ [pageDataFile]: JSON.stringify({ html }) }), 'shell v1')).rejects.toThrow(
      'nested deeper than 32',
    );
  });
});
