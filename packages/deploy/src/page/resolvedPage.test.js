// @ts-check
import { describe, expect, it } from 'vitest';
import { pageDataOf } from '@murmur/config/page-data';
import { attributeOf, elementsOf } from './pageElements.js';
import { pageHtml } from './pageHtml.js';
import { integrityOf } from '../store/releaseRecord.js';
import { parseRemotesPointer } from '../store/remotesPointer.js';
import { resolvedPage as resolvedData } from './resolvedPage.js';

const shellBase = '/aaaaaaaaaaaa-1111111/';
const page = pageDataOf(`<!doctype html>
<html>
  <head>
    <base href="${shellBase}" />
    <script type="importmap">{"integrity":{}}</script>
    <script data-runtime-core="assets/federation-runtime-Ab12.js">/* the early script */</script>
    <script type="module" src="./assets/shell-Cd34.js"></script>
  </head>
  <body></body>
</html>
`);

/** remotes.json of this content, as the store server and promote read it. */
const pointerOf = (/** @type {unknown} */ content) => parseRemotesPointer(JSON.stringify(content), 'remotes.json');

/** A remote's folder and manifest, as promote names them in remotes.json. */
const folder = (/** @type {number} */ port) => `http://localhost:${port}/bbbbbbbbbbbb-2222222/`;
const manifestOf = (/** @type {string} */ name) => ({
  metaData: { name, publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js' } },
  exposes: [
    {
      path: './app',
      assets: {
        js: {
          sync: ['assets/federation-runtime-Ab12.js', `assets/${name}-screen.js`],
          async: ['assets/x__loadShare__shared.js', 'assets/react-copy.js'],
        },
        css: { sync: [`assets/${name}.css`] },
      },
    },
    {
      path: './preload',
      assets: {
        js: { sync: [`assets/${name}-preload.js`], async: ['assets/x__loadShare__shared.js'] },
        css: { sync: [] },
      },
    },
  ],
});
const manifests = { 'auth-mfe': manifestOf('auth'), 'feed-mfe': manifestOf('feed') };
/** Each manifest's bytes, as released. */
const released = (/** @type {keyof typeof manifests} */ remote) => JSON.stringify(manifests[remote]);
const remotes = {
  'auth-mfe': `${folder(4001)}mf-manifest.json`,
  'feed-mfe': `${folder(4002)}mf-manifest.json`,
  integrity: {
    [`${folder(4002)}remoteEntry.js`]: `sha384-${'E'.repeat(64)}`,
    [`${folder(4002)}assets/feed-screen.js`]: `sha384-${'S'.repeat(64)}`,
    [`${folder(4002)}assets/feed.css`]: `sha384-${'C'.repeat(64)}`,
    [`${folder(4001)}mf-manifest.json`]: integrityOf(Buffer.from(released('auth-mfe'))),
    [`${folder(4002)}mf-manifest.json`]: integrityOf(Buffer.from(released('feed-mfe'))),
  },
};
/** @type {(remote: string, url: string) => string | null} */
const readManifest = (remote, url) =>
  url === remotes[/** @type {'feed-mfe'} */ (remote)] ? released(/** @type {'feed-mfe'} */ (remote)) : null;

/** The resolved page as it is sent: written, then read as a browser reads it. */
const resolvedPage = (/** @type {Parameters<typeof resolvedData>} */ ...options) => pageHtml(resolvedData(...options));

/** What the browser would read of the head: its inline data, its import maps and preload links, and their order. */
function parse(/** @type {string} */ html) {
  const elements = [...elementsOf(pageDataOf(html).html)];
  const textOf = (/** @type {import('@murmur/config/page-data').PageElement} */ element) =>
    element.children.map((child) => ('text' in child ? child.text : '')).join('');
  const scripts = elements.filter((element) => element.tag === 'script');
  const resolved = scripts.find((element) => attributeOf(element, 'id') === 'murmur-resolved');
  const data = JSON.parse(resolved ? textOf(resolved) : 'null');
  const maps = scripts
    .filter((element) => attributeOf(element, 'type') === 'importmap')
    .map((element) => JSON.parse(textOf(element)));
  const links = elements
    .filter((element) => element.tag === 'link')
    .map((element) => ({
      rel: attributeOf(element, 'rel'),
      href: attributeOf(element, 'href'),
      integrity: attributeOf(element, 'integrity') ?? null,
      as: attributeOf(element, 'as') ?? null,
    }));
  const order = elements
    .filter((element) => ['base', 'script', 'link'].includes(element.tag))
    .map((element) => attributeOf(element, 'id') ?? attributeOf(element, 'type') ?? element.tag.toUpperCase());
  return { data, maps, links, order };
}

describe('the shell page the store server resolves', () => {
  it("carries remotes.json, and the screen's files of the remote that owns the address, checked", () => {
    const { data, maps, links, order } = parse(
      resolvedPage(page, { remotes: pointerOf(remotes), owner: 'feed-mfe', readManifest }),
    );
    expect(data.remotes).toEqual(remotes);
    expect(Object.keys(data.manifests)).toEqual([remotes['feed-mfe']]);
    // What asking for the screen's data needs (the entry, the data's preload, the share resolver) is fetched at parse,
    // with what was released; the screen's own chunk and stylesheet are left to the shell's boot.
    expect(links).toEqual([
      {
        rel: 'modulepreload',
        href: `${folder(4002)}remoteEntry.js`,
        integrity: remotes.integrity[`${folder(4002)}remoteEntry.js`],
        as: null,
      },
      { rel: 'modulepreload', href: `${folder(4002)}assets/feed-preload.js`, integrity: null, as: null },
      { rel: 'modulepreload', href: `${folder(4002)}assets/x__loadShare__shared.js`, integrity: null, as: null },
    ]);
    // Its copy of the runtime's core is the shell's, never fetched; every remote script's integrity is in the map.
    expect(maps[1]).toEqual({
      imports: {
        [`${folder(4002)}assets/federation-runtime-Ab12.js`]: `${shellBase}assets/federation-runtime-Ab12.js`,
      },
      integrity: {
        [`${folder(4002)}remoteEntry.js`]: remotes.integrity[`${folder(4002)}remoteEntry.js`],
        [`${folder(4002)}assets/feed-screen.js`]: remotes.integrity[`${folder(4002)}assets/feed-screen.js`],
      },
    });
    expect(data.mapped).toEqual([`${folder(4002)}assets/federation-runtime-Ab12.js`]);
    // All of it after the live page's map and before the first script that runs.
    expect(order.slice(0, 4)).toEqual(['BASE', 'importmap', 'murmur-resolved', 'importmap']);
    expect(order.indexOf('SCRIPT')).toBeGreaterThan(order.lastIndexOf('LINK'));
  });

  it('names the files of the remote each address belongs to', () => {
    const auth = parse(resolvedPage(page, { remotes: pointerOf(remotes), owner: 'auth-mfe', readManifest }));
    expect(auth.links.map((link) => link.href)).toContain(`${folder(4001)}assets/auth-preload.js`);
    expect(auth.links.map((link) => link.href).some((href) => href?.includes('4002'))).toBe(false);
  });

  it("carries remotes.json alone where no remote owns the address, or the store lacks the owner's manifest", () => {
    for (const [owner, pointer] of /** @type {const} */ ([
      [undefined, remotes],
      ['feed-mfe', { ...remotes, 'feed-mfe': 'https://cdn.example.org/feed-mfe/mf-manifest.json' }],
      ['profile-mfe', remotes],
    ])) {
      const { data, links, maps } = parse(resolvedPage(page, { remotes: pointerOf(pointer), owner, readManifest }));
      expect(data).toEqual({ remotes: pointer, manifests: {}, mapped: [] });
      expect(links).toEqual([]);
      expect(maps[1]?.imports).toEqual({});
    }
  });

  it('carries no manifest whose bytes are not those released: the browser asks for it, and refuses it', () => {
    /** @type {(remote: string, url: string) => string | null} */
    const changed = (remote, url) => `${readManifest(remote, url)} `;
    const { data, links } = parse(
      resolvedPage(page, { remotes: pointerOf(remotes), owner: 'feed-mfe', readManifest: changed }),
    );
    expect(data.manifests).toEqual({});
    expect(links).toEqual([]);
  });

  it('keeps a "<" in what it carries from closing its element', () => {
    const odd = { ...remotes, 'auth-mfe': 'http://localhost:4001/</script><script>alert(1)</script>' };
    const html = resolvedPage(page, { remotes: pointerOf(odd), owner: undefined, readManifest });
    expect(parse(html).data.remotes).toEqual(odd);
    expect(html).not.toContain('<script>alert(1)');
  });

  describe('where the shell loads remotes straight from their files (the linked first load)', () => {
    const linkedPage = pageDataOf(
      pageHtml(page).replace(
        'data-runtime-core=',
        'data-federation-plugin="1.23.0" data-provided="react react-dom" data-runtime-core=',
      ),
    );
    /** feed-mfe's manifest as a build that names each expose's own files writes it, needing `shared`. */
    const direct = (/** @type {string[]} */ shared) => {
      const manifest = manifestOf('feed');
      return {
        ...manifest,
        metaData: { ...manifest.metaData, pluginVersion: '1.23.0' },
        shared: shared.map((name) => ({ name })),
        exposes: manifest.exposes.map((expose) => ({
          ...expose,
          murmurEntry: `assets/feed${expose.path.slice(1)}-own.js`,
          murmurFiles: [`assets/feed${expose.path.slice(1)}-own.js`, 'assets/x__loadShare__shared.js'],
        })),
      };
    };
    /** The links of feed-mfe's page, with its manifest released as `manifest`. */
    const linksWith = (/** @type {object} */ manifest) => {
      const text = JSON.stringify(manifest);
      const pointer = {
        ...remotes,
        integrity: { ...remotes.integrity, [remotes['feed-mfe']]: integrityOf(Buffer.from(text)) },
      };
      const read = (/** @type {string} */ _remote, /** @type {string} */ url) =>
        url === remotes['feed-mfe'] ? text : null;
      const html = resolvedPage(linkedPage, { remotes: pointerOf(pointer), owner: 'feed-mfe', readManifest: read });
      return parse(html).links.map((link) => link.href);
    };

    it("links the data preload's own file and what it imports, and the screen's stylesheet, but no remoteEntry", () => {
      expect(linksWith(direct(['react']))).toEqual([
        `${folder(4002)}assets/feed/preload-own.js`,
        `${folder(4002)}assets/x__loadShare__shared.js`,
        `${folder(4002)}assets/feed.css`,
      ]);
    });

    it("links the runtime's files for a remote that needs what the shell does not put on the page", () => {
      expect(linksWith(direct(['react', 'lodash']))).toContain(`${folder(4002)}remoteEntry.js`);
      const other = direct(['react']);
      expect(linksWith({ ...other, metaData: { ...other.metaData, pluginVersion: '1.24.0' } })).toContain(
        `${folder(4002)}remoteEntry.js`,
      );
    });
  });
});
