// @ts-check
import { contentSecurityPolicy, integrityPolicy } from '../src/edge/headers.js';
import { immutable, revalidate } from '../src/store/objectHeaders.js';

/** @typedef {import('@murmur/config/apps').AppName} AppName */

/**
 * One request to a server of the store and what its answer must carry: a header expected as null must be absent,
 * one expected as a pattern must match it (sirv and nginx space a Content-Type's parameter differently).
 * @typedef {{
 *   rule: string;
 *   app: AppName;
 *   path: string;
 *   method?: string;
 *   headers?: Record<string, string>;
 *   status: number;
 *   expect?: Record<string, string | RegExp | null>;
 *   bodyIncludes?: string;
 *   bodyExcludes?: string;
 * }} StoreRequest
 */

/**
 * The rules every server of the store keeps (the embedded one, packages/deploy/src/edge/server.js, and nginx from
 * packages/deploy/src/edge/nginx/config.js), as requests and the answers expected, for a store released by
 * testStore.js#promotedStore: hashed assets cached for a year, everything else revalidated, a remote's answers open
 * to any origin, a missing file a 404 and never the page, routes answered with the live page, a remote's live
 * manifest at its root and any other root-level file a 404, an attempt prefix answered as the path without it,
 * precompressed variants sent to who accepts them, and no dotfile, live.json, or link ever served.
 * @param {{ versions: Record<AppName, string>; remoteOrigins: string[] }} store
 * @returns {StoreRequest[]}
 */
export function storeRules({ versions, remoteOrigins }) {
  const feed = versions['feed-mfe'];
  const shell = versions.shell;
  const asset = `/${feed}/assets/index-Ab12Cd34.js`;
  const notFound = {
    status: 404,
    expect: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': revalidate },
    bodyExcludes: '<html',
  };
  return [
    {
      rule: 'a hashed asset is cached for a year, with its MIME type, open to any origin',
      app: 'feed-mfe',
      path: asset,
      status: 200,
      expect: {
        'cache-control': immutable,
        'content-type': 'text/javascript',
        'access-control-allow-origin': '*',
        'content-encoding': null,
      },
    },
    {
      rule: 'a hashed stylesheet too',
      app: 'feed-mfe',
      path: `/${feed}/assets/index-Ab12Cd34.css`,
      status: 200,
      expect: { 'cache-control': immutable, 'content-type': 'text/css' },
    },
    ...[`/${feed}/mf-manifest.json`, `/${feed}/remoteEntry.js`].map((path) => ({
      rule: "a remote's manifest and entry are revalidated, open to any origin",
      app: /** @type {AppName} */ ('feed-mfe'),
      path,
      status: 200,
      expect: { 'cache-control': revalidate, 'access-control-allow-origin': '*' },
    })),
    {
      rule: "a version's page is revalidated, with the policy and no nonce",
      app: 'shell',
      path: `/${shell}/index.html`,
      status: 200,
      expect: {
        'cache-control': revalidate,
        'content-security-policy': contentSecurityPolicy(remoteOrigins),
        'content-type': /^text\/html; ?charset=utf-8$/,
        // Its tags carry no integrity: only a live page is made to.
        'integrity-policy': null,
      },
    },
    {
      rule: "the remotes' pointer is revalidated JSON, the same for everyone (no cookie), closed to others",
      app: 'shell',
      path: '/remotes.json',
      status: 200,
      expect: {
        'cache-control': revalidate,
        vary: null,
        'set-cookie': null,
        'content-type': 'application/json',
        'access-control-allow-origin': null,
      },
    },
    {
      rule: "a remote's page alone is not held to integrity: it loads the other remotes from their own servers",
      app: 'feed-mfe',
      path: '/some/route',
      status: 200,
      expect: { 'content-type': 'text/html; charset=utf-8', 'integrity-policy': null },
    },
    {
      rule: "the environment's override setting is revalidated JSON, off where the store has none",
      app: 'shell',
      path: '/overrides.json',
      status: 200,
      expect: { 'cache-control': revalidate, 'content-type': 'application/json', 'access-control-allow-origin': null },
      bodyIncludes: '"enabled":false',
    },
    {
      rule: "a route is the live page, revalidated, loading the live version's files, only scripts with integrity",
      app: 'shell',
      path: '/profile/miraokafor',
      status: 200,
      expect: {
        'cache-control': revalidate,
        'set-cookie': null,
        'content-type': 'text/html; charset=utf-8',
        'integrity-policy': integrityPolicy,
      },
      bodyIncludes: `<base href="/${shell}/" />`,
    },
    {
      rule: 'brotli is sent to who accepts it, brotli first',
      app: 'feed-mfe',
      path: asset,
      headers: { 'Accept-Encoding': 'gzip, br' },
      status: 200,
      expect: { 'content-encoding': 'br', 'content-type': 'text/javascript', vary: 'Accept-Encoding' },
    },
    {
      rule: 'gzip to who accepts only gzip',
      app: 'feed-mfe',
      path: asset,
      headers: { 'Accept-Encoding': 'gzip' },
      status: 200,
      expect: { 'content-encoding': 'gzip', vary: 'Accept-Encoding' },
    },
    ...[
      ['shell', `/${shell}/assets/missing-00000000.js`],
      ['shell', '/assets/missing-00000000.js'],
      ['feed-mfe', `/${feed}/assets/missing.css`],
      ['shell', '/favicon.ico'],
      ['feed-mfe', `/_attempt/3/${feed}/assets/missing.css`],
      ['feed-mfe', `/_attempt/x/${feed}/mf-manifest.json`],
      ['shell', '/_attempt/3/remotes.json'],
      // The canary pointer is read by the server, never sent.
      ['shell', '/remotes.canary.json'],
      ['shell', '/shell/remotes.canary.json'],
    ].map(([app, path]) => ({
      rule: 'a missing file is a 404, never the page',
      app: /** @type {AppName} */ (app),
      path: /** @type {string} */ (path),
      ...notFound,
    })),
    {
      rule: "a remote's root manifest is its live version's, its files addressed in that version's folder",
      app: 'feed-mfe',
      path: '/mf-manifest.json',
      status: 200,
      expect: { 'content-type': 'application/json', 'cache-control': revalidate },
      bodyIncludes: `/${feed}/"`,
    },
    {
      rule: 'an attempt prefix is answered as the path without it',
      app: 'feed-mfe',
      path: `/_attempt/3/${feed}/mf-manifest.json`,
      status: 200,
      expect: { 'content-type': 'application/json', 'cache-control': revalidate },
    },
    {
      rule: 'the root manifest under an attempt prefix is the same file',
      app: 'feed-mfe',
      path: '/_attempt/3/mf-manifest.json',
      status: 200,
      bodyIncludes: `/${feed}/"`,
    },
    {
      rule: "any other root-level file is a 404: files are served from their version's folder",
      app: 'feed-mfe',
      path: '/remoteEntry.js',
      ...notFound,
    },
    ...[
      ['feed-mfe', '/live.json'],
      ['shell', '/live.json'],
      ['feed-mfe', `/${feed}/.release.json`],
      ['feed-mfe', `/${feed}/%2erelease.json`],
      ['feed-mfe', `/${feed}/.hidden/x.js`],
    ].map(([app, path]) => ({
      rule: 'live.json and dotfiles are never served',
      app: /** @type {AppName} */ (app),
      path: /** @type {string} */ (path),
      ...notFound,
    })),
    ...[`/${feed}/assets/outside.js`, `/${feed}/linked/outside.js`, '/0123456789ab/mf-manifest.json'].map((path) => ({
      rule: 'a link is never followed: a file, a folder, a version folder',
      app: /** @type {AppName} */ ('feed-mfe'),
      path,
      ...notFound,
    })),
    ...['/0123456789ab', '/0123456789ab/', '/0123456789ab/route'].map((path) => ({
      rule: 'a path under a version id no release has is a 404, never the page',
      app: /** @type {AppName} */ ('shell'),
      path,
      ...notFound,
    })),
    {
      rule: 'a precompressed variant that is a link: the file itself is sent',
      app: 'feed-mfe',
      path: `/${feed}/assets/variant.js`,
      headers: { 'Accept-Encoding': 'br' },
      status: 200,
      expect: { 'content-encoding': null },
      bodyExcludes: 'outside the store',
    },
    {
      rule: 'another method than GET and HEAD is refused',
      app: 'shell',
      path: '/remotes.json',
      method: 'PUT',
      status: 405,
      expect: { allow: 'GET, HEAD' },
    },
  ];
}
