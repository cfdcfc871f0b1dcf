// @ts-check
import { describe, expect, it } from 'vitest';
import { pageHtml } from '../page/pageHtml.js';
import { withNonce } from './pageNonce.js';

/** @typedef {import('@murmur/config/page-data').PageNode} PageNode */

/** @param {PageNode[]} head @param {PageNode[]} body */
const pageOf = (head, body) => ({
  html: {
    tag: 'html',
    attributes: [],
    children: [
      { tag: 'head', attributes: [], children: head },
      { tag: 'body', attributes: [], children: body },
    ],
  },
});

describe("a page's nonce, as every edge adds it", () => {
  it("gives every script element and the nonce's meta the nonce, as its first attribute, and no other element", () => {
    const html = withNonce(
      pageHtml(
        pageOf(
          [
            { tag: 'meta', attributes: [['property', 'csp-nonce']], children: [] },
            { tag: 'meta', attributes: [['name', 'theme-color']], children: [] },
            { tag: 'script', attributes: [['type', 'importmap']], children: [{ text: '{}' }] },
          ],
          [
            { tag: 'div', attributes: [['id', 'root']], children: [] },
            { tag: 'script', attributes: [['src', './a.js']], children: [{ text: '"<SCRIPT "' }] },
          ],
        ),
      ),
      'n0nce',
    );
    expect(html).toContain('<script nonce="n0nce" type="importmap">{}</script>');
    // As nginx's sub_filter finds them: ignoring case, anywhere in the page, a script's text too.
    expect(html).toContain('<script nonce="n0nce" src="./a.js">"<script nonce="n0nce" "</script>');
    expect(html).toContain('<div id="root"></div>');
    // Where a dev server's client (an override's) reads the nonce for the styles it adds.
    expect(html).toContain('<meta nonce="n0nce" property="csp-nonce" />');
    expect(html).toContain('<meta name="theme-color" />');
  });
});
