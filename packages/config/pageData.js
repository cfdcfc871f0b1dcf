// @ts-check
import { parse } from 'parse5';

/**
 * A page as data: its <html> element, with the head's and the body's nodes in order, each element's attributes in the
 * order written (an attribute written bare has the value ""). The build writes it beside index.html
 * (packages/build-tools/pageDataPlugin.js), so promote and the store server assemble pages from it
 * (packages/deploy/src/page/pageHtml.js) and never look into HTML for what a tag holds. The doctype is always
 * `<!doctype html>`; comments are not kept (nothing reads them).
 * @typedef {{ tag: string; attributes: [string, string][]; children: PageNode[] }} PageElement
 * @typedef {PageElement | { text: string }} PageNode
 * @typedef {{ html: PageElement }} PageData
 */

/** The name, beside index.html in a build and in a release, of the page's data. */
export const pageDataFile = 'page.json';

/**
 * The data of a page, read from its HTML by an HTML parser, as a browser would build its tree: for the build's
 * index.html, and for releases made before builds wrote `pageDataFile`.
 * @param {string} html
 * @returns {PageData}
 */
export function pageDataOf(html) {
  const document = parse(html);
  const root = document.childNodes.find((node) => node.nodeName === 'html');
  if (!root || !('tagName' in root)) throw new Error('the page has no <html>');
  return { html: elementOf(root) };
}

/** @param {import('parse5').DefaultTreeAdapterMap['element']} element @returns {PageElement} */
function elementOf(element) {
  /** @type {PageNode[]} */
  const children = [];
  // A <template>'s nodes are in its content; no page of ours has one, and none is kept.
  for (const node of element.childNodes) {
    if ('tagName' in node) children.push(elementOf(node));
    else if (node.nodeName === '#text' && 'value' in node) children.push({ text: node.value });
  }
  return { tag: element.tagName, attributes: element.attrs.map(({ name, value }) => [name, value]), children };
}
