// @ts-check
import { inlineAttribute } from '@murmur/config/resolved-page';
import { attributeOf, elementsOf, fileInVersion, headOf } from './pageElements.js';
import { Refusal } from '../store/refusal.js';
import { integrityOf } from '../store/releaseRecord.js';

/** @typedef {import('@murmur/config/page-data').PageData} PageData */
/** @typedef {import('@murmur/config/page-data').PageElement} PageElement */
/** @typedef {import('@murmur/config/page-data').PageNode} PageNode */

/** What a tag that names its script's file has and an inline one must not. */
const droppedWhenInlined = new Set(['src', 'async', 'crossorigin', inlineAttribute]);

/** The head's indent, before each element the live page adds, as the build indents its own. */
const indent = { text: '\n    ' };

/**
 * The live version's page (write it with pageHtml.js), made to load that version's files from any route, and only as
 * released: a build with a relative base names its files `./assets/…`, which a page at /profile/mira would look for
 * under /profile/. The <base> element points them at the version's immutable folder instead, so one page load only
 * ever reads one version. Each of its script and stylesheet elements that names a file of the version gets that file's
 * `integrity`, and an import map gives the browser the integrity of every script of the version, for the modules
 * loaded after boot (docs/serving.md, "What the browser checks"). The map comes first in the head, before any
 * module is resolved. A script whose element asks for it (`inlineAttribute`: the shell's early script) is written
 * into the page, a request fewer that the page would otherwise wait for: run as the page is parsed, by the page's
 * nonce.
 * @param {PageData} page the version's own page, as its build describes it (releasePage.js)
 * @param {string} versionPath the version folder's path on its server, such as "/3f2a…-1c0ffee/"
 * @param {Record<string, string>} integrity the version's files a page loads, by path in the folder (pageIntegrity.js)
 * @param {Record<string, string>} [inlined] the scripts to inline, by path in the folder (`inlinedScripts`)
 * @returns {PageData}
 */
export function livePage(page, versionPath, integrity, inlined = {}) {
  const scripts = Object.fromEntries(
    Object.entries(integrity)
      .filter(([file]) => file.endsWith('.js'))
      .map(([file, hash]) => [`./${file}`, hash]),
  );
  // JSON in a script element: a "<" is written as its escape, the same JSON.
  const importMap = JSON.stringify({ integrity: scripts }).replaceAll('<', '\\u003c');
  const checked = checkedElement(page.html, integrity, inlined);
  // The head is where it was: the checked tree keeps every node's place.
  const head = /** @type {PageElement} */ (checked.children[page.html.children.indexOf(headOf(page))]);
  head.children = [
    indent,
    { tag: 'base', attributes: [['href', versionPath]], children: [] },
    indent,
    { tag: 'script', attributes: [['type', 'importmap']], children: [{ text: importMap }] },
    ...head.children,
  ];
  return { html: checked };
}

/**
 * The element with its scripts inlined and its files' integrity given (`livePage`), and so its children.
 * @param {PageElement} element
 * @param {Record<string, string>} integrity
 * @param {Record<string, string>} inlined
 * @returns {PageElement}
 */
function checkedElement(element, integrity, inlined) {
  const { tag, attributes } = element;
  const code = tag === 'script' ? inlined[scriptToInline(element) ?? ''] : undefined;
  if (code !== undefined)
    return {
      tag,
      attributes: attributes.filter(([name]) => !droppedWhenInlined.has(name)),
      children: [{ text: code }],
    };
  const named = tag === 'script' ? 'src' : tag === 'link' ? 'href' : undefined;
  const hash = integrity[fileInVersion(named && attributeOf(element, named)) ?? ''];
  const given = hash !== undefined && attributeOf(element, 'integrity') === undefined;
  return {
    tag,
    attributes: given ? [...attributes, ['integrity', hash]] : attributes,
    children: checkedChildren(element, integrity, inlined),
  };
}

/**
 * @param {PageElement} element
 * @param {Record<string, string>} integrity
 * @param {Record<string, string>} inlined
 * @returns {PageNode[]}
 */
function checkedChildren(element, integrity, inlined) {
  return element.children.map((child) => ('tag' in child ? checkedElement(child, integrity, inlined) : child));
}

/** The file in the version's folder of a script element that asks to be inlined, if it is one. */
function scriptToInline(/** @type {PageElement} */ element) {
  return attributeOf(element, inlineAttribute) === undefined ? undefined : fileInVersion(attributeOf(element, 'src'));
}

/**
 * The scripts a version's page asks to carry inline (`livePage`), read from the store, each checked against the
 * integrity recorded at release: only released code is written into a page. A page is the release's own content, so
 * the file it names is looked up in the release's record before anything is read: a name such as `../../x` is never
 * read, wherever it points (a FIFO there would hang the command holding the store's lock).
 * @param {PageData} page the version's own page
 * @param {Record<string, string>} integrity as for livePage: files of the release's record
 * @param {(file: string) => Promise<string | null>} read a file of the version, by path in its folder
 * @returns {Promise<Record<string, string>>}
 */
export async function inlinedScripts(page, integrity, read) {
  /** @type {Record<string, string>} */
  const scripts = {};
  for (const file of scriptsToInline(page)) {
    if (!Object.hasOwn(integrity, file))
      throw new Refusal(`its page inlines ${JSON.stringify(file)}, which is not a script of its release`);
    const code = await read(file);
    if (code === null || integrity[file] !== integrityOf(Buffer.from(code)))
      throw new Refusal(`its page inlines ${file}, which is missing or not the file released`);
    scripts[file] = code;
  }
  return scripts;
}

/**
 * The files of the scripts a version's page asks to carry inline, by path in its folder.
 * @param {PageData} page the version's own page
 */
export function scriptsToInline(page) {
  return [...elementsOf(page.html)].flatMap((element) => {
    const file = element.tag === 'script' ? scriptToInline(element) : undefined;
    return file === undefined ? [] : [file];
  });
}
