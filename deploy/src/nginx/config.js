// @ts-check
import { existsSync, realpathSync } from 'node:fs';
import { apps as appTable, appNames } from '@murmur/config/apps';
import { attemptPrefix } from '@murmur/config/remotes';
import { contentSecurityPolicy, hashedAssetsFolder, immutable, revalidate } from '../headers.js';
import { liveVersionOf, readRemotesPointer } from '../liveFiles.js';
import { Refusal } from '../refusal.js';
import { storeServerTimeouts } from '../server.js';
import { storeLayout, versionPattern } from '../storePaths.js';
import { indented, quoted } from './directives.js';
import { typesBlock } from './mimeTypes.js';

/** @typedef {import('@murmur/config/apps').AppName} AppName */

/** nginx's per-request random id (32 hex digits), the nonce of each page's scripts. */
const nonceVariable = '$request_id';
/** A version id as an nginx regular expression: storePaths' pattern without its anchors. */
const versionRegex = versionPattern.source.replace(/^\^/, '').replace(/\$$/, '');
/** The attempt prefix's number as config/remotes.js reads it. */
const attemptRegex = `${attemptPrefix}\\d+`;

/**
 * The http-level nginx configuration (for conf.d/, or an `http {}` block) that serves `store` from disk as the
 * embedded server does (deploy/src/server.js; docs/deploying.md, "nginx at the edge"): one server per app. What
 * nginx cannot read at request time, which version is live and the remotes' origins, is read from the store now: the
 * configuration is written again, and nginx reloaded, after each promote or rollback.
 * @param {{ store: string; apps?: AppName[]; listenOf?: (app: AppName) => string; brotli?: boolean }} options
 *   `listenOf` gives nginx's `listen` for each app (by default the app's port from config/apps.js); `brotli` emits
 *   `brotli_static on`, which needs nginx's brotli static module.
 */
export function nginxConfig({
  store,
  apps = appNames,
  listenOf = (app) => String(appTable[app].port),
  brotli = false,
}) {
  if (!existsSync(store)) throw new Refusal(`${store} holds no release store: release the apps first`);
  // nginx is told to follow no link under each app's folder; the path to that folder is taken as it really is.
  const root = realpathSync(store);
  const origins = readRemotesPointer(root)?.origins ?? [];
  return [
    '# Written by `pnpm nginx-config` from the release store; write it again after each promote or rollback.',
    // The path as the client sent it, which a redirect keeps, with and without a remote's attempt prefix.
    'map $request_uri $murmur_request_path {',
    '  "~^(?<murmur_path>/[^?]*)" $murmur_path;',
    '}',
    'map $request_uri $murmur_attempt {',
    `  "~^(?<murmur_prefix>${attemptRegex})/" $murmur_prefix;`,
    '  default "";',
    '}',
    'map $request_uri $murmur_unprefixed_path {',
    `  "~^(?:${attemptRegex}(?=/))?(?<murmur_rest>/[^?]*)" $murmur_rest;`,
    '}',
    '',
    ...apps.flatMap((app) => [...serverBlock({ root, app, listen: listenOf(app), origins, brotli }), '']),
  ].join('\n');
}

/**
 * @param {{ root: string; app: AppName; listen: string; origins: string[]; brotli: boolean }} options
 */
function serverBlock({ root, app, listen, origins, brotli }) {
  const layout = storeLayout(root);
  const appDir = layout.appDir(app);
  const live = liveVersionOf(root, app);
  const remote = app !== 'shell';
  /** The headers every answer carries, as the embedded server's error boundary sets them. */
  const common = [['X-Content-Type-Options', 'nosniff'], ...(remote ? [['Access-Control-Allow-Origin', '*']] : [])];
  /** add_header lines: a location with its own replaces all of its server's, so each location lists all of them. */
  const headers = (/** @type {string[][]} */ more) =>
    [...common, ...more].map(
      ([name, value]) => `add_header ${name} ${quoted(value ?? '', { variables: [nonceVariable] })} always;`,
    );
  const policy = contentSecurityPolicy(origins);
  const compressed = ['gzip_static on;', 'gzip_vary on;', ...(brotli ? ['brotli_static on;'] : [])];
  const redirectPath = remote ? `$murmur_attempt/${live}$murmur_unprefixed_path` : `/${live}$murmur_request_path`;

  return [
    `# ${app}`,
    'server {',
    ...indented([
      `listen ${listen};`,
      `root ${quoted(appDir)};`,
      'server_tokens off;',
      ...timeouts(),
      'absolute_redirect off;',
      // No link is followed inside the app's folder: not a version folder, a file, nor a folder on the way.
      'disable_symlinks on;',
      'autoindex off;',
      'gzip off;',
      // Several ranges get the whole file, as from the embedded server.
      'max_ranges 1;',
      ...typesBlock(),
      'default_type application/octet-stream;',
      'charset_types text/plain;',
      'if ($request_method !~ ^(GET|HEAD)$) {',
      '  return 405;',
      '}',
      ...(remote
        ? // A remote answers a path under an attempt prefix as the path itself.
          [`rewrite "^${attemptRegex}(/.*)$" $1;`]
        : []),
      'error_page 404 @not_found;',
      'error_page 405 @not_allowed;',
      '',
      'location @not_found {',
      ...indented([
        // Not the type the missing file's extension names: the answer is this text.
        'types { }',
        'default_type text/plain;',
        'charset utf-8;',
        ...headers([['Cache-Control', revalidate]]),
        'return 404 "Not found\\n";',
      ]),
      '}',
      'location @not_allowed {',
      ...indented([...headers([['Allow', 'GET, HEAD']]), 'return 405 "";']),
      '}',
      '',
      '# A dotfile, or anything under a dot folder: a record such as .release.json, never part of a build.',
      'location ~ "/\\." {',
      '  return 404;',
      '}',
      '',
      "# A version folder's files: hashed assets cached for a year, the rest revalidated, a missing one a 404.",
      `location ~ "^/${versionRegex}(?:/|$)" {`,
      ...indented([
        'try_files $uri =404;',
        ...compressed,
        ...headers([['Cache-Control', revalidate]]),
        `location ~ "^/[^/]+${hashedAssetsFolder}" {`,
        ...indented(['try_files $uri =404;', ...compressed, ...headers([['Cache-Control', immutable]])]),
        '}',
        'location ~ "\\.html$" {',
        ...indented([
          'try_files $uri =404;',
          'charset utf-8;',
          ...compressed,
          ...headers([
            ['Cache-Control', revalidate],
            ['Content-Security-Policy', policy],
          ]),
        ]),
        '}',
      ]),
      '}',
      '',
      ...(app === 'shell'
        ? [
            '# The pointer to every live remote.',
            'location = /remotes.json {',
            ...indented([
              'default_type application/json;',
              'types { }',
              'try_files $uri =404;',
              ...headers([['Cache-Control', revalidate]]),
            ]),
            '}',
            '',
          ]
        : []),
      "# Any other file: the live version's, by a redirect, when it holds one; else a 404, never the page.",
      'location ~ "/[^/]+\\.[^/]*$" {',
      ...indented([
        ...headers([['Cache-Control', revalidate]]),
        ...(live ? [`if (-f $document_root/${live}$uri) {`, `  return 302 ${redirectPath};`, '}'] : []),
        'return 404;',
      ]),
      '}',
      '',
      "# Any other path is a route: the live page, its scripts given this response's nonce.",
      'location / {',
      ...indented([
        'try_files /index.html =404;',
        'charset utf-8;',
        'sub_filter_once off;',
        `sub_filter "<script " "<script nonce=\\"${nonceVariable}\\" ";`,
        ...headers([
          ['Cache-Control', revalidate],
          ['Content-Security-Policy', contentSecurityPolicy(origins, nonceVariable)],
        ]),
      ]),
      '}',
    ]),
    '}',
  ];
}

/**
 * The embedded server's bounds on slow and half-sent requests, in nginx's terms: the header's time, the body's time
 * after it, an idle keep-alive connection, and a response its client stops reading.
 */
function timeouts() {
  const { headersTimeout, requestTimeout, keepAliveTimeout, idleTimeout } = storeServerTimeouts;
  const seconds = (/** @type {number} */ milliseconds) => `${Math.ceil(milliseconds / 1000)}s`;
  return [
    `client_header_timeout ${seconds(headersTimeout)};`,
    `client_body_timeout ${seconds(requestTimeout - headersTimeout)};`,
    `keepalive_timeout ${seconds(keepAliveTimeout)};`,
    `send_timeout ${seconds(idleTimeout)};`,
  ];
}
