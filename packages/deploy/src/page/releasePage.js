// @ts-check
import { pageDataFile, pageDataOf } from '@murmur/config/page-data';
import { Refusal } from '../store/refusal.js';

/** @typedef {import('@murmur/config/page-data').PageData} PageData */

/** What a tag's name may be: written into the page as it is, it must not be able to end or open a tag. */
const tagName = /^[a-z][a-z0-9-]*$/;
/** What an attribute's name may be, for the same reason: letters, digits and "-", "_", ":", "." (as XML names). */
const attributeName = /^[a-zA-Z_:][-a-zA-Z0-9_:.]*$/;
/** Deeper than any page of ours: a page.json nested past it is refused rather than walked. */
const maxDepth = 32;

/**
 * The data of a release's page (packages/config/pageData.js): its page.json, checked, since promote writes it into
 * the live page; or, for a release made before builds wrote page.json, its index.html read by an HTML parser (as the
 * build reads it), so every release made before still promotes and rolls back. Null where the release has no page
 * (a remote built without one).
 * @param {(file: string) => Promise<string | null>} read a file of the release, by path in its folder
 * @param {string} release the release, as a refusal names it ("shell 3f2a…-1c0ffee")
 * @returns {Promise<PageData | null>}
 */
export async function releasePage(read, release) {
  const json = await read(pageDataFile);
  if (json !== null) {
    const problem = pageDataProblem(json);
    if (problem !== null) throw new Refusal(`${release}: its ${pageDataFile} is not a page's data: ${problem}`);
    return /** @type {PageData} */ (JSON.parse(json));
  }
  const html = await read('index.html');
  return html === null ? null : pageDataOf(html);
}

/**
 * What makes a text other than a page's data, or null where it is one.
 * @param {string} json
 */
function pageDataProblem(json) {
  /** @type {unknown} */
  let value;
  try {
    value = JSON.parse(json);
  } catch {
    return 'not JSON';
  }
  if (!isObject(value) || !isObject(value.html)) return 'no "html" element';
  const problem = elementProblem(value.html, 'html', 0);
  if (problem !== null) return problem;
  if (value.html.tag !== 'html') return `its root is <${String(value.html.tag)}>, not <html>`;
  const head = /** @type {unknown[]} */ (value.html.children).some((child) => isObject(child) && child.tag === 'head');
  return head ? null : 'no <head>';
}

/**
 * @param {unknown} node
 * @param {string} at where the node is, as the problem names it
 * @param {number} depth
 * @returns {string | null}
 */
function elementProblem(node, at, depth) {
  if (depth > maxDepth) return `${at}: nested deeper than ${maxDepth}`;
  if (!isObject(node)) return `${at}: not an element or a text`;
  if (Object.hasOwn(node, 'text')) return typeof node.text === 'string' ? null : `${at}: a text that is not a string`;
  if (typeof node.tag !== 'string' || !tagName.test(node.tag)) return `${at}: no tag name, or one no HTML tag has`;
  const { attributes, children } = node;
  if (!Array.isArray(attributes)) return `${at}: no attributes list`;
  for (const attribute of attributes) {
    if (!Array.isArray(attribute) || attribute.length !== 2 || typeof attribute[1] !== 'string')
      return `${at}: an attribute that is not a [name, value] of strings`;
    if (typeof attribute[0] !== 'string' || !attributeName.test(attribute[0]))
      return `${at}: an attribute name no HTML attribute has: ${JSON.stringify(attribute[0])}`;
  }
  if (!Array.isArray(children)) return `${at}: no children list`;
  for (const [index, child] of children.entries()) {
    const problem = elementProblem(child, `${at}[${index}]`, depth + 1);
    if (problem !== null) return problem;
  }
  return null;
}

/** @param {unknown} value @returns {value is Record<string, unknown>} */
const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
