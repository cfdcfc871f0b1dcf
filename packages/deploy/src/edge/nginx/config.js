// @ts-check
import { existsSync, realpathSync } from 'node:fs';
import { basename } from 'node:path';
import { apps as appTable, appNames, remoteNames } from '@murmur/config/apps';
import { routeOwners, routesOf } from '@murmur/config/routes';
import { attemptPrefix } from '@murmur/config/remotes';
import { overridingLoadPatterns } from '@murmur/release-checks/override-address';
import { overrideSettingFile, overrideSources } from '@murmur/release-checks/overrides';
import { openStore } from '../../store/backends/openStore.js';
import { isS3Location } from '../../store/backends/s3Location.js';
import { contentSecurityPolicy, integrityPolicy } from '../headers.js';
import { nonceSubstitutions } from '../pageNonce.js';
import { hashedAssetsFolder, immutable, revalidate } from '../../store/objectHeaders.js';
import { liveManifestPath } from '../../store/liveManifest.js';
import { overrideSettingOf } from '../../store/overrideSetting.js';
import { ownOriginsOf, servedPublicUrls } from '../../store/publicUrls.js';
import { Refusal } from '../../store/refusal.js';
import { storeServerTimeouts } from '../server.js';
import { storeKeys, storeLayout, versionPattern } from '../../store/storePaths.js';
import { indented, quoted } from './directives.js';
import { typesBlock } from './mimeTypes.js';
import { storeReportCollection } from './reportCollection.js';
import { s3HeaderVariables, s3Origin, s3Proxied, s3Upstream, s3VersionLocations } from './s3Origin.js';

/** @typedef {import('@murmur/config/apps').AppName} AppName */

/** nginx's per-request random id (32 hex digits), the nonce of each page's scripts. */
const nonceVariable = '$request_id';
/** The shell page's policies and its Vary, chosen per load by whether it holds an override (overridingMaps). */
const pagePolicyVariables = ['$murmur_page_policy', '$murmur_integrity_policy', '$murmur_page_vary'];
/** A version id as an nginx regular expression: storePaths' pattern without its anchors. */
const versionRegex = versionPattern.source.replace(/^\^/, '').replace(/\$$/, '');
/** The attempt prefix's number as packages/config/remotes.js reads it. */
const attemptRegex = `${attemptPrefix}\\d+`;

/** @typedef {{ folder: string } | { s3: import('./s3Origin.js').S3Origin }} Origin where nginx reads the store */

/**
 * The http-level nginx configuration (for conf.d/, or an `http {}` block) that serves `store` as the embedded server
 * does (packages/deploy/src/edge/server.js; docs/serving.md, "nginx at the edge"): one server per app. A store in a
 * folder is read from disk; a store on S3 (`s3://bucket/prefix`) through the bucket's endpoint, unsigned, so the edge
 * must be let read it. Every pointer (the live pages, the live manifests, remotes.json, the pages resolved for each
 * route's owner) is a file read per request, so a promote or rollback changes no byte of it. What it takes from the
 * store is the environment's (environmentFacts): where each app is served, and the override setting. Each app's server
 * answers the names of its public URL (`server_name`, with this machine's names where that is on this machine:
 * store/publicUrls.js's `ownOriginsOf`); any other `Host` on its address gets 421 from a default server, so a site
 * whose name a DNS record points at the edge is served nothing. The shell's server also takes the pages' reports into
 * the report log (reportCollection.js), where there is one, from the pages of the shell's origins.
 * @param {{ store: string; apps?: AppName[]; listenOf?: (app: AppName) => string; brotli?: boolean;
 *   env?: Record<string, string | undefined>; reportRate?: { burst?: number; perMinute?: number };
 *   workers?: import('./workerUser.js').Account;
 *   reportLimits?: Partial<import('../../telemetry/reportWriter.js').LogLimits> }} options
 *   `listenOf` gives nginx's `listen` for each app (by default the app's port from packages/config/apps.js);
 *   `brotli` emits `brotli_static on` for a store in a folder, which needs nginx's brotli static module (from S3 the
 *   .br objects are
 *   proxied as they are); `env` names the S3 endpoint (MURMUR_S3_ENDPOINT) and region, the report log's folder
 *   (MURMUR_REPORT_LOG, by default one outside the store, telemetry/reportLog.js; none for a store on S3 without it)
 *   and the trusted proxies (MURMUR_TRUSTED_PROXIES); `reportRate` the reports' rate per client network and
 *   `reportLimits` the report log's limits (tests); `workers` the user nginx's workers run as, who must write the
 *   report folder (workerUser.js; by default those of an nginx this process starts).
 * @returns {Promise<string>}
 */
export async function nginxConfig({
  store,
  apps = appNames,
  listenOf = (app) => String(appTable[app].port),
  brotli = false,
  env = process.env,
  reportRate,
  workers,
  reportLimits,
}) {
  /** @type {Origin} */
  let origin;
  if (isS3Location(store)) origin = { s3: s3Origin(store, env) };
  else {
    if (!existsSync(store)) throw new Refusal(`${store} holds no release store: release the apps first`);
    // nginx is told to follow no link under each app's folder; the path to that folder is taken as it really is.
    origin = { folder: realpathSync(store) };
  }
  const facts = await environmentFacts(openStore('folder' in origin ? origin.folder : store, env), env);
  const reports = apps.includes('shell')
    ? storeReportCollection(
        'folder' in origin ? origin.folder : store,
        ownOriginsOf(facts.served.shell),
        env,
        reportRate,
        workers,
        reportLimits,
      )
    : null;
  return [
    '# Written by `pnpm nginx-config` from the release store; write it again after `overrides` or a move of an app.',
    // The path as the client sent it, without a remote's attempt prefix.
    'map $request_uri $murmur_unprefixed_path {',
    `  "~^(?:${attemptRegex}(?=/))?(?<murmur_rest>/[^?]*)" $murmur_rest;`,
    '}',
    ...('s3' in origin ? s3Upstream(origin.s3, contentSecurityPolicy(facts.origins)) : []),
    ...(apps.includes('shell') ? overridingMaps(facts.origins, facts.overrides) : []),
    ...(reports?.http ?? []),
    '',
    ...apps.flatMap((app) => [
      ...otherHosts(app, listenOf(app)),
      ...serverBlock({
        origin,
        app,
        listen: listenOf(app),
        names: ownOriginsOf(facts.served[app]).map((own) => new URL(own).hostname),
        origins: facts.origins,
        overrides: facts.overrides,
        brotli,
        reports: app === 'shell' ? (reports?.server ?? []) : [],
      }),
      '',
    ]),
  ].join('\n');
}

/**
 * What the configuration takes from the store: the environment's, never which versions are live. Where each app's
 * folder is served (`served`: the folder recorded at its last switch, else where the next switch would put it,
 * store/publicUrls.js), so that an app's first promote changes nothing either, and the remotes' origins; and the
 * override setting. `serve
 * --edge nginx` writes the configuration again, and reloads nginx, only when these change.
 * @param {import('../../store/backends/backend.js').StoreBackend} backend
 * @param {Record<string, string | undefined>} env
 */
export async function environmentFacts(backend, env) {
  const folders = await servedPublicUrls(backend, env);
  const origins = [...new Set(remoteNames.map((remote) => new URL(folders[remote]).origin))];
  return { origins, served: folders, overrides: await overrideSettingOf(backend) };
}

/**
 * The default server of an app's address: a request whose `Host` is none of the app's names (a site whose name a DNS
 * record points at the edge, an address typed by hand) is answered 421 and served nothing.
 * @param {AppName} app
 * @param {string} listen
 */
function otherHosts(app, listen) {
  return [
    `# Any other host on ${app}'s address.`,
    'server {',
    ...indented([`listen ${listen} default_server;`, 'server_tokens off;', 'return 421;']),
    '}',
  ];
}

/**
 * @param {{ origin: Origin; app: AppName; listen: string; names: string[]; origins: string[];
 *   overrides: import('@murmur/release-checks/overrides').OverrideSetting; brotli: boolean;
 *   reports: string[] }} options
 *   `names`: the host names it answers; `reports`: the lines that take the pages' reports (reportCollection.js)
 */
function serverBlock({ origin, app, listen, names, origins, overrides, brotli, reports }) {
  const remote = app !== 'shell';
  /** The headers every answer carries, as the embedded server's error boundary sets them. */
  const common = [['X-Content-Type-Options', 'nosniff'], ...(remote ? [['Access-Control-Allow-Origin', '*']] : [])];
  /** add_header lines: a location with its own replaces all of its server's, so each location lists all of them. */
  const headerVariables = [nonceVariable, ...s3HeaderVariables, ...pagePolicyVariables];
  const headers = (/** @type {string[][]} */ more) =>
    [...common, ...more].map(
      ([name, value]) => `add_header ${name} ${quoted(value ?? '', { variables: headerVariables })} always;`,
    );
  const policy = contentSecurityPolicy(origins);
  /**
   * Where a file of the store is read: from the app's folder by its path, or proxied from its object. Where it is
   * missing: `@not_found`, or the live page (`@live_page`, the shell's) for a resolved page promote has not written.
   */
  const read = (/** @type {string} */ key, orLivePage = false) =>
    's3' in origin
      ? s3Proxied(origin.s3, `${app}${key}`, orLivePage ? '@live_page' : '@not_found')
      : [`try_files ${key}${orLivePage ? ' /index.html' : ''} =404;`];
  /** A page of the app's folder, its scripts given this response's nonce. */
  const pageLocation = (/** @type {string} */ key, orLivePage = false) => [
    ...read(key, orLivePage),
    'charset utf-8;',
    'sub_filter_once off;',
    ...nonceSubstitutions(nonceVariable).map(
      ([find, replacement]) => `sub_filter ${quoted(find)} ${quoted(replacement, { variables: [nonceVariable] })};`,
    ),
    ...headers([
      ['Cache-Control', revalidate],
      // The shell's page, where overrides are on, takes a load's own policies (overridingMaps); else the full ones.
      ...(remote
        ? [['Content-Security-Policy', contentSecurityPolicy(origins, nonceVariable)]]
        : overrides.enabled
          ? [
              ['Content-Security-Policy', '$murmur_page_policy'],
              ['Integrity-Policy', '$murmur_integrity_policy'],
              ['Vary', '$murmur_page_vary'],
            ]
          : [
              ['Content-Security-Policy', contentSecurityPolicy(origins, nonceVariable)],
              ['Integrity-Policy', integrityPolicy],
            ]),
    ]),
  ];

  return [
    `# ${app}`,
    'server {',
    ...indented([
      `listen ${listen};`,
      `server_name ${names.map((name) => quoted(name)).join(' ')};`,
      ...('folder' in origin ? [`root ${quoted(storeLayout(origin.folder).appDir(app))};`] : []),
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
      ...reports,
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
      ...('s3' in origin
        ? s3VersionLocations({ s3: origin.s3, app, versionRegex, headers })
        : folderVersionLocation({ headers, policy, brotli })),
      '',
      ...(app === 'shell'
        ? [
            '# The live page, where a resolved page is missing (a store promoted before promote wrote them).',
            ...('s3' in origin ? ['location @live_page {', ...indented(pageLocation('/index.html')), '}'] : []),
            '# The pointer to every live remote and its canary: the same file for everyone.',
            'location = /remotes.json {',
            ...indented([
              'default_type application/json;',
              'types { }',
              ...read('/remotes.json'),
              ...headers([['Cache-Control', revalidate]]),
            ]),
            '}',
            "# The environment's override setting, as the store holds it when this was written.",
            `location = /${overrideSettingFile} {`,
            ...indented([
              'default_type application/json;',
              'types { }',
              ...headers([['Cache-Control', revalidate]]),
              `return 200 ${quoted(JSON.stringify(overrides))};`,
            ]),
            '}',
            '',
          ]
        : []),
      ...(remote
        ? [
            "# The live manifest: the stable version's, its files addressed in their folder (store/liveManifest.js).",
            `location = ${liveManifestPath} {`,
            ...indented([
              'default_type application/json;',
              'types { }',
              ...read(liveManifestPath),
              ...headers([['Cache-Control', revalidate]]),
            ]),
            '}',
          ]
        : []),
      '# Any other file: a 404, never the page.',
      'location ~ "/[^/]+\\.[^/]*$" {',
      ...indented([...headers([['Cache-Control', revalidate]]), 'return 404;']),
      '}',
      '',
      ...(app === 'shell' ? routeOwners : []).flatMap((owner) => [
        `# The addresses ${owner} owns: the live page resolved for them (packages/deploy/src/page/routePages.js).`,
        ...routesOf(owner).flatMap(({ path }) => [
          `location ${routeMatch(path)} {`,
          ...indented(pageLocation(`/${basename(storeKeys.routePage(owner))}`, true)),
          '}',
        ]),
      ]),
      "# Any other path is a route: the live page, its scripts given this response's nonce.",
      'location / {',
      ...indented(pageLocation('/index.html')),
      '}',
    ]),
    '}',
  ];
}

/**
 * Where the environment allows overrides, the shell page's policies by load: a load whose address asks for it
 * (`?overriding=1`) and that carries the cookie the tab sets for it (a link carries neither the cookie nor, to a
 * cache, the same answer: `Vary: Cookie`), each matched exactly, case for case, as the embedded server matches them
 * (overridingLoadPatterns, packages/release-checks/src/overrideAddress.js), goes without Integrity-Policy (its remote's
 * code has no recorded integrity) and with the setting's sources; every other load keeps the full policies. nginx
 * sends no header whose value is empty.
 * @param {string[]} origins the live remotes' origins
 * @param {import('@murmur/release-checks/overrides').OverrideSetting} overrides
 */
function overridingMaps(origins, overrides) {
  if (!overrides.enabled) return [];
  const variables = { variables: [nonceVariable] };
  return [
    'map $args $murmur_overriding_query {',
    `  ${patternKey(overridingLoadPatterns.query)} 1;`,
    '  default "";',
    '}',
    'map $http_cookie $murmur_overriding_cookie {',
    `  ${patternKey(overridingLoadPatterns.cookie)} 1;`,
    '  default "";',
    '}',
    'map $murmur_overriding_query $murmur_page_vary {',
    '  1 Cookie;',
    '  default "";',
    '}',
    'map $murmur_overriding_query$murmur_overriding_cookie $murmur_page_policy {',
    `  11 ${quoted(contentSecurityPolicy(origins, nonceVariable, overrideSources(overrides)), variables)};`,
    `  default ${quoted(contentSecurityPolicy(origins, nonceVariable), variables)};`,
    '}',
    'map $murmur_overriding_query$murmur_overriding_cookie $murmur_integrity_policy {',
    '  11 "";',
    `  default ${quoted(integrityPolicy)};`,
    '}',
  ];
}

/**
 * A `map` key matching `pattern` case-sensitively (`~`), written as it is: quoted() refuses its `$`, which a map key
 * does not expand.
 * @param {RegExp} pattern without flags, quotes or control characters
 */
function patternKey(pattern) {
  if (pattern.flags !== '' || /["\p{Cc}]/u.test(pattern.source)) throw new Error(`${pattern} cannot be a map key`);
  return `"~${pattern.source}"`;
}

/**
 * The location of a route's path (packages/config/routes.js): exact, or a regular expression where a part is a `:name`,
 * which takes any one part as the router does. A path with an extension never gets here: the file locations come first.
 * @param {string} path
 */
function routeMatch(path) {
  if (!path.includes(':')) return `= ${quoted(path)}`;
  const parts = path.split('/').map((part) => (part.startsWith(':') ? '[^/]+' : part));
  if (parts.some((part) => !/^(?:[\w-]*|\[\^\/\]\+)$/.test(part)))
    throw new Error(`the route ${path} cannot be written as an nginx location`);
  return `~ "^${parts.join('/')}$"`;
}

/**
 * A version folder's files read from disk: the precompressed variant beside a file sent to who accepts it.
 * @param {{ headers: (more: string[][]) => string[]; policy: string; brotli: boolean }} options
 */
function folderVersionLocation({ headers, policy, brotli }) {
  const compressed = ['gzip_static on;', 'gzip_vary on;', ...(brotli ? ['brotli_static on;'] : [])];
  return [
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
