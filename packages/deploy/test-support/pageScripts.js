// @ts-check
import { pageDataOf } from '@murmur/config/page-data';
import { attributeOf, elementsOf } from '../src/page/pageElements.js';

/**
 * The text of each script element of a page whose attribute `name` is `value`, in document order: read as a browser
 * reads the page, so a test checks what the browser would run or parse, not a pattern over the HTML.
 * @param {string} html
 * @param {string} name
 * @param {string} value
 */
export function scriptTextsOf(html, name, value) {
  return [...elementsOf(pageDataOf(html).html)]
    .filter((element) => element.tag === 'script' && attributeOf(element, name) === value)
    .map((element) => element.children.map((child) => ('text' in child ? child.text : '')).join(''));
}

/**
 * What a page resolved for an address carries inline (packages/deploy/src/page/resolvedPage.js), or null where it
 * carries nothing.
 * @param {string} html
 */
export function resolvedDataOf(html) {
  const [text] = scriptTextsOf(html, 'id', 'murmur-resolved');
  return text === undefined ? null : JSON.parse(text);
}
