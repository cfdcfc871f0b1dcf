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
 * Where a nonce is given, every script element carries it (as its first attribute): the nonce this response's
 * Content-Security-Policy names; and so does the page's `<meta property="csp-nonce">`, where a dev server's client
 * (Vite's) reads the nonce for the styles it adds (an override of a remote's dev server: docs/overriding-a-remote.md).
 * @param {PageData} page
 * @param {{ nonce?: string }} [options]
 */
export function pageHtml(page, { nonce } = {}) {
  return `<!doctype html>\n${elementHtml(page.html, nonce)}`;
}

/**
 * @param {PageElement} element
 * @param {string | undefined} nonce
 * @returns {string}
 */
function elementHtml({ tag, attributes, children }, nonce) {
  const written = nonce !== undefined && takesNonce(tag, attributes) ? [['nonce', nonce], ...attributes] : attributes;
  // An attribute written bare has the value "", as an HTML parser reads it.
  const opened = `<${tag}${written.map(([name, value]) => (value === '' ? ` ${name}` : ` ${name}="${escapeHtml(value)}"`)).join('')}`;
  // A void element's "/" is ignored by the parser; written as the build writes its own (`<meta … />`).
  if (voidElements.has(tag)) return `${opened} />`;
  const open = `${opened}>`;
  const inner = children
    .map((child) => ('text' in child ? textHtml(tag, child.text) : elementHtml(child, nonce)))
    .join('');
  return `${open}${inner}</${tag}>`;
}

/** The `<meta property>` whose nonce a dev server's client reads. */
export const nonceMeta = 'csp-nonce';

/**
 * Whether an element carries the response's nonce: a script, or the nonce's meta.
 * @param {string} tag
 * @param {[string, string][]} attributes
 */
function takesNonce(tag, attributes) {
  return (
    tag === 'script' ||
    (tag === 'meta' && attributes.some(([name, value]) => name === 'property' && value === nonceMeta))
  );
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
