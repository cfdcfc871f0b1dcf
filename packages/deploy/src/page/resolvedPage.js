// @ts-check
import {
  linkedShellOf,
  resolvedDataId,
  runtimeCoreAttribute,
  runtimeNeededFor,
  screenFiles,
} from '@murmur/config/resolved-page';
import { attributeOf, baseOf, elementsOf, headOf } from './pageElements.js';
import { integrityOf } from '../store/releaseRecord.js';
import { versionPattern } from '../store/storePaths.js';

/** @typedef {import('@murmur/config/resolved-page').ResolvedData} ResolvedData */
/** @typedef {import('@murmur/config/resolved-page').ScreenManifest} ScreenManifest */
/** @typedef {import('@murmur/config/apps').RemoteName} RemoteName */
/** @typedef {import('@murmur/config/page-data').PageData} PageData */
/** @typedef {import('@murmur/config/page-data').PageElement} PageElement */
/** @typedef {import('@murmur/config/page-data').PageNode} PageNode */

/** JSON in a script element: no "<" may close it early. */
const inlineJson = (/** @type {unknown} */ value) => JSON.stringify(value).replaceAll('<', '\\u003c');

/**
 * The shell's live page resolved for the addresses of one remote, as promote writes it (routePages.js) and every edge
 * sends it, the same for everyone, with what the browser would otherwise find out itself before it could fetch the
 * screen's files (docs/architecture.md, "The served page"):
 * - remotes.json, and the manifest of the remote that owns the address (both sides' while it is in a canary), inline
 *   (`resolvedDataId`), so the page asks for neither;
 * - an import map: the integrity of every remote script remotes.json names, and that remote's copies of the runtimes'
 *   cores (packages/build-tools/runtimeCoreChunk.js) mapped onto the shell's (one runtime per page), as the early
 *   script would;
 * - a `modulepreload` link, with its integrity, for each file that asking for that screen's data needs (its data
 *   preload's own file and what it imports, where the shell loads the remote straight from its files; else its
 *   entry, data preload and share resolver: packages/config/resolvedPage.js#screenFiles), which the browser fetches
 *   as it parses the page (none while the remote is in a canary: the early script hints the side the page takes).
 *   The screen's own files are asked for as the shell boots (its hint before it loads the remote): on a slow link,
 *   the shell's chunks then have the bandwidth first (docs/architecture.md, "The served page").
 * No owner, or a remote whose manifest `readManifest` cannot give or gives with bytes other than those released
 * (remotes.json's integrity), gets the inline remotes.json and the integrity alone; the shell then asks for the rest,
 * as it does on a page served without this (a dev server, or an address no remote owns: edges send the live page).
 * @param {PageData} page the shell's live page (livePage.js)
 * @param {{ remotes: import('../store/remotesPointer.js').RemotesPointer; owner: RemoteName | undefined;
 *   readManifest: (app: string, url: string) => string | null }}
 *   options `remotes`: remotes.json, checked (store/remotesPointer.js);
 *   `owner`: the remote that owns the address (packages/config/routes.js#ownerOf), if any;
 *   `readManifest`: the manifest at that URL of that remote, as the store holds it, or null
 * @returns {PageData}
 */
export function resolvedPage(page, { remotes, owner, readManifest }) {
  // The live page's import map (livePage.js), after which the resolved part goes: before any module is resolved.
  const head = headOf(page);
  const live = head.children.findIndex(
    (child) => 'tag' in child && child.tag === 'script' && attributeOf(child, 'type') === 'importmap',
  );
  if (live === -1) throw new Error('the live page has no import map');
  const { integrity } = remotes;
  /** @type {ResolvedData} */
  const data = { remotes: remotes.content, manifests: {}, mapped: [] };
  /** @type {Record<string, string>} */
  const imports = {};
  /** @type {PageElement[]} */
  const links = [];

  const stable = owner ? remotes.locations[owner] : undefined;
  const canary = owner ? remotes.canaries[owner]?.manifest : undefined;
  // While the owner is in a canary, the page carries both sides, and the page's early script hints the side it takes.
  for (const location of [stable, canary]) {
    const text = owner && location ? readManifest(owner, location) : null;
    // Only the manifest released: one whose bytes are not (or with no integrity to tell) is left to the browser,
    // which asks for it and refuses it, and the remote shows its failure in its place.
    if (text === null || !location || integrity[location] !== integrityOf(Buffer.from(text))) continue;
    const manifest = /** @type {ScreenManifest} */ (JSON.parse(text));
    data.manifests[location] = manifest;
    /** @type {string[]} */
    const none = [];
    // A remote with no screen (no `./app`) has no files to map or link; one the shell loads straight from its files
    // (the linked first load) has those linked, else its runtime's.
    const direct =
      runtimeNeededFor(
        manifest,
        './app',
        linkedShellOf((name) => earlyAttribute(page, name)),
      ) === null;
    const files = screenFiles(manifest, location, { direct }) ?? {
      base: location,
      scripts: none,
      dataScripts: none,
      styles: none,
    };
    const runtimeCore = runtimeCoreOf(page);
    const shellBase = baseOf(page);
    if (!shellBase) throw new Error('the live page has no <base>');
    for (const file of files.scripts) {
      const url = new URL(file, files.base).href;
      if (runtimeCore.includes(file)) {
        imports[url] = `${shellBase}${file}`;
        data.mapped.push(url);
      } else if (!canary && files.dataScripts.includes(file)) links.push(modulePreloadLink(url, integrity[url]));
    }
    // Loaded straight from its files, the screen waits for its stylesheet before its module: a few KiB, asked for at
    // parse rather than after the shell's boot.
    if (direct && !canary)
      for (const file of files.styles) {
        const url = new URL(file, files.base).href;
        links.push(stylePreloadLink(url, integrity[url]));
      }
  }

  const scripts = Object.fromEntries(Object.entries(integrity).filter(([url]) => url.endsWith('.js')));
  /** @type {PageElement[]} */
  const resolved = [
    {
      tag: 'script',
      attributes: [
        ['type', 'application/json'],
        ['id', resolvedDataId],
      ],
      children: [{ text: inlineJson(data) }],
    },
    {
      tag: 'script',
      attributes: [['type', 'importmap']],
      children: [{ text: inlineJson({ imports, integrity: scripts }) }],
    },
    ...links,
  ];
  /** @type {PageNode[]} */
  const indented = resolved.flatMap((element) => [{ text: '\n    ' }, element]);
  const children = [...head.children.slice(0, live + 1), ...indented, ...head.children.slice(live + 1)];
  return {
    html: {
      ...page.html,
      children: page.html.children.map((child) => (child === head ? { ...head, children } : child)),
    },
  };
}

/**
 * @param {string} href
 * @param {string | undefined} integrity
 * @returns {PageElement}
 */
function modulePreloadLink(href, integrity) {
  /** @type {[string, string][]} */
  const attributes = [
    ['rel', 'modulepreload'],
    ['href', href],
    ['crossorigin', ''],
  ];
  if (integrity) attributes.push(['integrity', integrity]);
  return { tag: 'link', attributes, children: [] };
}

/**
 * An attribute of the page's early script's element (the one that names the runtime's core), as the shell's build
 * wrote it, or undefined.
 * @param {PageData} page
 * @param {string} name
 */
function earlyAttribute(page, name) {
  const early = [...elementsOf(page.html)].find((element) => attributeOf(element, runtimeCoreAttribute) !== undefined);
  return early && attributeOf(early, name);
}

/**
 * @param {string} href
 * @param {string | undefined} integrity
 * @returns {PageElement}
 */
function stylePreloadLink(href, integrity) {
  const link = modulePreloadLink(href, integrity);
  return { ...link, attributes: [['rel', 'preload'], ['as', 'style'], ...link.attributes.slice(1)] };
}

/** The shell's files that hold the federation runtime's core, as its build names them on the early script's element. */
const runtimeCoreOf = (/** @type {PageData} */ page) =>
  (earlyAttribute(page, runtimeCoreAttribute) ?? '').split(' ').filter(Boolean);

/**
 * Where a store holds the manifest remotes.json names for a remote (`…/<version>/mf-manifest.json`): its key in the
 * store (store/backends/backend.js), or null where that is not a version of the remote. A version folder never changes,
 * whatever its URL's host.
 * @param {string} remote
 * @param {string} url
 */
export function manifestKeyOf(remote, url) {
  const [version = '', file] = new URL(url).pathname.split('/').slice(-2);
  return file === 'mf-manifest.json' && versionPattern.test(version) ? `${remote}/${version}/${file}` : null;
}
