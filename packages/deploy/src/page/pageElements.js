// @ts-check

/** @typedef {import('@murmur/config/page-data').PageData} PageData */
/** @typedef {import('@murmur/config/page-data').PageElement} PageElement */

/**
 * The value of an element's attribute, or undefined where it has none.
 * @param {PageElement} element
 * @param {string} name
 */
export function attributeOf(element, name) {
  return element.attributes.find(([attribute]) => attribute === name)?.[1];
}

/**
 * Every element of a page, in document order.
 * @param {PageElement} element
 * @returns {Generator<PageElement>}
 */
export function* elementsOf(element) {
  yield element;
  for (const child of element.children) if ('tag' in child) yield* elementsOf(child);
}

/**
 * The page's <head>, which every page of ours has.
 * @param {PageData} page
 */
export function headOf(page) {
  const head = page.html.children.find((child) => 'tag' in child && child.tag === 'head');
  if (!head || !('tag' in head)) throw new Error('the page has no <head>');
  return head;
}

/**
 * The path in the version's folder of a file a page names relatively (`./assets/…`), as the build names them;
 * undefined for any other URL.
 * @param {string | undefined} url
 */
export function fileInVersion(url) {
  return url?.startsWith('./') ? url.slice(2) : undefined;
}

/** The live page's <base>: the live version's folder on the app's origin (livePage.js). */
export function baseOf(/** @type {PageData} */ page) {
  for (const element of elementsOf(page.html)) if (element.tag === 'base') return attributeOf(element, 'href');
  return undefined;
}
