// @ts-check
import escapeHtml from 'escape-html';

/** @typedef {import('@murmur/config/page-data').PageData} PageData */
/** @typedef {import('@murmur/config/page-data').PageElement} PageElement */
/** @typedef {import('@murmur/config/page-data').PageNode} PageNode */

/** Elements with no end tag and no content. */
const voidElements = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);

/** Elements whose text the parser takes as it is, up to the first end tag of their own name. */
const rawTextElements = new Set(['script', 'style']);

/**
 * A page's HTML, written from its data. Text and attribute values are escaped; a script's code is written as it is,
 * its every "</script" written "<\/script" (the same text to a script) so nothing in it ends the element early.
 * An edge adds each response's nonce to what this writes (edge/pageNonce.js).
 * @param {PageData} page
 */
export function pageHtml(page) {
  return `<!doctype html>\n${elementHtml(page.html)}`;
}

/**
 * @param {PageElement} element
 * @returns {string}
 */
function elementHtml({ tag, attributes, children }) {
  // An attribute written bare has the value "", as an HTML parser reads it.
  const written = attributes.map(([name, value]) => (value === '' ? ` ${name}` : ` ${name}="${escapeHtml(value)}"`));
  const opened = `<${tag}${written.join('')}`;
  // A void element's "/" is ignored by the parser; written as the build writes its own (`<meta … />`).
  if (voidElements.has(tag)) return `${opened} />`;
  const open = `${opened}>`;
  const inner = children.map((child) => ('text' in child ? textHtml(tag, child.text) : elementHtml(child))).join('');
  return `${open}${inner}</${tag}>`;
}

/** @param {string} parent @param {string} text */
function textHtml(parent, text) {
  if (!rawTextElements.has(parent)) return escapeHtml(text);
  let written = '';
  let from = 0;
  for (let at = text.indexOf('</'); at !== -1; at = text.indexOf('</', at + 2)) {
    if (text.slice(at + 2, at + 2 + parent.length).toLowerCase() !== parent) continue;
    if (parent !== 'script') throw new Error(`a <${parent}> whose text would end it early`);
    written += `${text.slice(from, at)}<\\/`;
    from = at + 2;
  }
  return written + text.slice(from);
}
