// @ts-check
import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { extname } from 'node:path';
import sirv from 'sirv';
import { pathWithoutAttempt } from '@murmur/config/remotes';
import { apps as appTable, appNames } from '@murmur/config/apps';
import { ownerOf } from '@murmur/config/routes';
import { asksForOverridingPolicy, getsOverridingPolicy } from '@murmur/release-checks/override-address';
import { overrideSettingFile, overrideSources } from '@murmur/release-checks/overrides';
import { contentSecurityPolicy, integrityPolicy } from './headers.js';
import { cacheControlFor, revalidate } from '../store/objectHeaders.js';
import { readLiveFile } from '../store/liveFiles.js';
import { liveManifestPath } from '../store/liveManifest.js';
import { readOverrideSetting } from '../store/overrideSetting.js';
import { ownOriginsOf, servedShellUrl } from '../store/publicUrls.js';
import { readRemotesPointer } from '../store/remotesPointer.js';
import { rangeOf } from './range.js';
import { remoteOriginsOf } from './remoteOrigins.js';
import { encodedPage } from './pageEncoding.js';
import { withNonce } from './pageNonce.js';
import { withErrorBoundary } from './requestBoundary.js';
import { isValidHost, parseRequestTarget } from './requestTarget.js';
import { storeLayout, storeRoot, versionPattern } from '../store/storePaths.js';
import { trustedProxiesVariable } from '../telemetry/clientNetwork.js';
import { telemetryCollector, telemetryPath } from '../telemetry/collector.js';
import { reportFolderFor } from '../telemetry/reportLog.js';
import { acceptEncodingFor, contentCodingOf, entryKind, versionFile } from './versionFiles.js';

/** @typedef {import('@murmur/config/apps').AppName} AppName */
/** @typedef {import('node:http').IncomingMessage} Request */
/** @typedef {import('node:http').ServerResponse} Response */
/** @typedef {import('node:http').Server} Server */

/**
 * How long a connection may take over each part of its life, in milliseconds, so that slow or half-sent requests
 * cannot hold the server's sockets.
 */
export const storeServerTimeouts = {
  /** A browser sends a request's header in one go: 10 s covers a slow mobile link and caps how long a client that
   * trickles its header (Slowloris) holds a connection. Node's default is 60 s. */
  headersTimeout: 10_000,
  /** The store answers GET and HEAD, which carry no body, so a request is whole once its header is; the 10 s more
   * bound a body a client promises (Content-Length) and then sends slowly or never. Node's default is 300 s, and it
   * must be at least headersTimeout. */
  requestTimeout: 20_000,
  /** A page's burst of module requests reuses a few connections: 5 s idle (Node's default) keeps them through the
   * burst and frees them soon after. */
  keepAliveTimeout: 5_000,
  /** A response its client stops reading holds a socket and an open file: one that makes no progress for 60 s is
   * closed, while a slow reader still moving is not. Node's default is never. */
  idleTimeout: 60_000,
  /** How often Node looks for requests past headersTimeout or requestTimeout: its 30 s default would let them
   * linger up to 30 s past their limit. */
  connectionsCheckingInterval: 1_000,
};

/**
 * Answers every request for one app's folder of the store:
 * - `/<version>/…`: that version's files (sirv: precompressed .br/.gz, MIME types, ETags, one byte range), hashed
 *   assets cached for a year, everything else revalidated; a file the version lacks is a 404, and so is a dotfile,
 *   a link, a file reached through one, or anything under a version id the store has no release of;
 * - `/remotes.json` (the shell): the environment's pointer to each live remote and its canary, the same for everyone
 *   (the page picks its side of a canary: packages/config/cohort.js); `/overrides.json`, its override setting (off
 *   where it has none);
 * - `POST /_telemetry` (the shell): the pages' reports, into the store's report log (telemetry/collector.js), from
 *   the pages of the shell's recorded public URL (store/publicUrls.js), whatever the request's `Host`;
 * - `/mf-manifest.json` (a remote): its live manifest (store/liveManifest.js), where a remote alone finds another;
 * - any other path with a file extension: a 404, never a page;
 * - any other path is one of the app's routes: the page promote wrote for it (the shell's resolved for the remote that
 *   owns the address, page/routePages.js), with this response's nonce added as nginx adds it (pageNonce.js).
 * No other file of the store is ever sent. A remote answers each of these paths also under an attempt prefix
 * (`/_attempt/<n>/…`, packages/config/remotes.js), as if the prefix were not there, so that Retry loads it under URLs
 * no stalled request holds. A remote's files are fetched by pages on other origins, so every answer of a remote allows
 * any origin.
 * A target that names no path unambiguously, or a Host field that is repeated or invalid, is a 400; a failure of the
 * server's own (a damaged live.json or remotes.json, a file that vanishes) is a 500 for that request alone, logged.
 * @param {{ store: string; app: AppName;
 *   telemetry?: Omit<Parameters<typeof telemetryCollector>[0], 'store' | 'ownOrigins'> }} options
 *   `telemetry`: the collector's limits, where they differ from its own (tests)
 * @returns {(request: Request, response: Response) => void}
 */
export function storeRequestHandler({ store, app, telemetry }) {
  const layout = storeLayout(store);
  /** @type {Map<string, ReturnType<typeof sirv>>} */
  const versions = new Map();
  const serveVersion = (/** @type {string} */ version) => {
    let serve = versions.get(version);
    if (!serve) {
      // dev mode looks files up on each request; a version folder never changes, so nothing is served stale.
      serve = sirv(layout.versionDir(app, version), {
        dev: true,
        etag: true,
        gzip: true,
        brotli: true,
        extensions: [],
      });
      versions.set(version, serve);
    }
    return serve;
  };

  /**
   * @param {Request} request
   * @param {Response} response
   * @param {string} version a folder of the app's, which versionFile checks is a real one
   * @param {string[]} segments the file's path inside it
   */
  const sendVersionFile = (request, response, version, segments) => {
    const file = versionFile(layout.versionDir(app, version), segments);
    if (!file) {
      notFound(response);
      return;
    }
    // sirv picks the file to send (the file or a precompressed variant) and reads the range from these two headers:
    // they are set so that it sends what was decided here. A range applies to the file itself, whose size is known.
    const range = rangeOf(request, file.size);
    if (range === 'unsatisfiable') {
      response.writeHead(416, { 'Content-Range': `bytes */${file.size}`, 'Cache-Control': revalidate }).end();
      return;
    }
    if (range) {
      request.headers.range = `bytes=${range.start}-${range.end}`;
      request.headers['accept-encoding'] = acceptEncodingFor('identity');
    } else {
      delete request.headers.range;
      request.headers['accept-encoding'] = acceptEncodingFor(contentCodingOf(request, file.path));
    }
    const pathInVersion = `/${segments.join('/')}`;
    response.setHeader('Cache-Control', cacheControlFor(pathInVersion));
    if (pathInVersion.endsWith('.html')) {
      response.setHeader('Content-Security-Policy', contentSecurityPolicy(remoteOrigins()));
    }
    // encodeURI is what sirv's decodeURI undoes exactly, for names without ? or # (versionFile refuses those).
    request.url = `/${segments.map(encodeURI).join('/')}`;
    serveVersion(version)(request, response, () => notFound(response));
  };

  const remoteOrigins = remoteOriginsOf(store);
  /**
   * How a page load is served for overrides: only the shell's pages load remotes (a remote's own page never takes
   * one). Where the environment allows them, a load whose address asks for the policy of a tab that holds one varies
   * by its cookie (`varies`), and one that carries it too (the tab asked for it after an override was applied) adds
   * the setting's sources (`sources`); any other load, a link's whatever its address, keeps the full policies.
   * @param {Request} request
   * @param {string} search the request's query
   */
  const overridePolicy = (request, search) => {
    const setting = app === 'shell' && asksForOverridingPolicy(search) ? readOverrideSetting(store) : null;
    if (!setting?.enabled) return { varies: false, sources: [] };
    const held = getsOverridingPolicy(search, request.headers.cookie);
    return { varies: true, sources: held ? overrideSources(setting) : [] };
  };

  const ownOrigins = () => ownOriginsOf(servedShellUrl(store, process.env));
  const collect = app === 'shell' ? telemetryCollector({ ...telemetry, store, ownOrigins }) : null;

  /** @type {(request: Request, response: Response) => void} */
  const handle = (request, response) => {
    if (collect && request.url === telemetryPath) {
      collect(request, response);
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    const target = parseRequestTarget(request.url ?? '');
    const hosts = request.headersDistinct.host ?? [];
    if (!target || hosts.length > 1 || hosts.some((host) => !isValidHost(host))) {
      badRequest(response);
      return;
    }
    const unprefixed = app === 'shell' ? null : pathWithoutAttempt(target.path);
    const pathname = unprefixed ?? target.path;
    // The path without its prefix is part of a valid one, so it parses too.
    const { segments } = unprefixed === null ? target : /** @type {typeof target} */ (parseRequestTarget(pathname));
    const [first = '', ...rest] = segments;

    if (versionPattern.test(first)) {
      // A version id that names no release, a link or a file: never served, nor taken for a route.
      if (entryKind(layout.versionDir(app, first)) === 'folder') sendVersionFile(request, response, first, rest);
      else notFound(response);
      return;
    }
    if (app === 'shell' && pathname === '/remotes.json') {
      const pointer = readRemotesPointer(store);
      if (pointer === null) notFound(response);
      else sendLive(request, response, pointer.json, 'application/json');
      return;
    }
    if (app === 'shell' && pathname === `/${overrideSettingFile}`) {
      sendLive(request, response, JSON.stringify(readOverrideSetting(store)), 'application/json');
      return;
    }
    if (app !== 'shell' && pathname === liveManifestPath) {
      const manifest = readLiveFile(layout.liveManifest(app));
      if (manifest === null) notFound(response);
      else sendLive(request, response, manifest, 'application/json');
      return;
    }
    if (extname(pathname)) {
      notFound(response);
      return;
    }
    const page = pageFor(pathname);
    if (page === null) {
      notFound(response);
      return;
    }
    // The page's script elements carry a nonce that only this response's policy names, with the remotes' origins.
    const nonce = randomBytes(16).toString('base64');
    const overriding = overridePolicy(request, target.search);
    response.setHeader('Content-Security-Policy', contentSecurityPolicy(remoteOrigins(), nonce, overriding.sources));
    // Where a tab may override a remote, its code has no recorded integrity: the policy would block it.
    if (app === 'shell' && overriding.sources.length === 0) response.setHeader('Integrity-Policy', integrityPolicy);
    if (overriding.varies) response.setHeader('Vary', 'Cookie');
    sendPage(request, response, withNonce(page, nonce), revalidate);
  };

  /**
   * The page promote wrote for a route, as nginx picks it (nginx/config.js): of the shell, at an address a remote
   * owns, its live page resolved for that remote (page/routePages.js), or its live page where promote has not written
   * that one (a store last switched before it did); at any other address, and of a remote, the app's live page.
   * @param {string} pathname
   */
  const pageFor = (pathname) => {
    const owner = app === 'shell' ? ownerOf(pathname) : undefined;
    const routePage = owner ? readLiveFile(layout.routePage(owner)) : null;
    return routePage ?? readLiveFile(layout.livePage(app));
  };

  /** @type {Record<string, string>} */
  const headers = { 'X-Content-Type-Options': 'nosniff' };
  if (app !== 'shell') headers['Access-Control-Allow-Origin'] = '*';
  return withErrorBoundary({ label: app, headers }, handle);
}

/**
 * Serves the store on one port per app (by default the apps table's), as `npm start` does. Resolves once every app's
 * server listens (if one cannot, those already listening are closed and the error is thrown); `close` stops them
 * all. Each app's requests are answered apart from the others': one app's failure is its own answer's alone.
 * `timeouts` replaces some of storeServerTimeouts (tests use shorter ones), `telemetry` the report collector's limits.
 * It never writes the store: the canary health job judges the reports the shell's collector logs
 * (health/healthJob.js).
 * @param {{ store?: string; apps?: AppName[]; portOf?: (app: AppName) => number; host?: string;
 *   timeouts?: Partial<typeof storeServerTimeouts>;
 *   telemetry?: Parameters<typeof storeRequestHandler>[0]['telemetry'] }} [options]
 */
export async function startStoreServer({
  store = storeRoot(),
  apps = appNames,
  portOf = (app) => appTable[app].port,
  host,
  timeouts = {},
  telemetry,
} = {}) {
  const limits = { ...storeServerTimeouts, ...timeouts };
  // The proxies whose X-Forwarded-For names the client (telemetry/clientNetwork.js), and the report log's folder
  // (telemetry/reportLog.js): the environment's, unless given.
  const reports = {
    trustedProxies: process.env[trustedProxiesVariable],
    folder: reportFolderFor(store) ?? undefined,
    ...telemetry,
  };
  // The shell last: a page it serves loads the remotes at once.
  const ordered = [...apps].sort((a, b) => Number(a === 'shell') - Number(b === 'shell'));
  /** @type {Map<AppName, Server>} */
  const byApp = new Map();
  const close = () =>
    Promise.all([
      ...[...byApp.values()].map(
        (server) =>
          new Promise((resolve) => {
            server.close(() => resolve(undefined));
            // Browsers keep connections open; without this, close would wait for them to time out.
            server.closeAllConnections();
          }),
      ),
    ]);
  try {
    for (const app of ordered) {
      // A request Node's parser refuses (a malformed request line or header field, a header past 16 KiB, a request
      // past its timeout) never reaches the handler: Node's own clientError answer, 400 (431 for the size, 408 for
      // the time) then closing the socket, unless a response is under way on it, is the one wanted.
      const server = createServer(
        {
          headersTimeout: limits.headersTimeout,
          requestTimeout: limits.requestTimeout,
          connectionsCheckingInterval: limits.connectionsCheckingInterval,
        },
        storeRequestHandler({ store, app, telemetry: reports }),
      );
      server.keepAliveTimeout = limits.keepAliveTimeout;
      server.timeout = limits.idleTimeout;
      server.on('connect', refuseConnect);
      await listen(server, portOf(app), host);
      // Once listening, an error is the system refusing a connection (EMFILE when descriptors run out): the server
      // goes on accepting the next.
      server.on('error', (error) => console.error(`store server (${app}): ${error.message}`));
      byApp.set(app, server);
    }
  } catch (error) {
    await close();
    throw error;
  }
  return { servers: [...byApp.values()], byApp, close };
}

/**
 * @param {Server} server
 * @param {number} port
 * @param {string | undefined} host
 */
function listen(server, port, host) {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(undefined);
    });
  });
}

/**
 * Answers CONNECT, which Node hands over with the bare socket (its error and timeout listeners removed) and, when
 * nothing listens, closes without a word: this server is no proxy, so it is a method like any other it refuses.
 * @param {Request} _request
 * @param {import('node:stream').Duplex} socket
 */
function refuseConnect(_request, socket) {
  // A reset from the client would otherwise be an 'error' with no listener: the end of the process.
  socket.on('error', () => socket.destroy());
  socket.end(
    'HTTP/1.1 405 Method Not Allowed\r\nAllow: GET, HEAD\r\nContent-Length: 0\r\nConnection: close\r\n\r\n',
    () => socket.destroy(),
  );
}

/**
 * A file promote rewrites (a pointer, the override setting), revalidated on every use: with a strong ETag of its
 * bytes, so that a revalidation of an unchanged one (an open tab asking for remotes.json again) is a 304, as nginx
 * answers it from a folder or from S3.
 * @param {Request} request
 * @param {Response} response
 * @param {string} body
 * @param {string} type
 */
function sendLive(request, response, body, type) {
  const etag = `"${createHash('sha256').update(body).digest('base64url')}"`;
  const headers = { 'Content-Type': type, 'Cache-Control': revalidate, ETag: etag };
  const asked = request.headers['if-none-match'];
  const unchanged = asked?.split(',').some((tag) => ['*', etag, `W/${etag}`].includes(tag.trim()));
  if (unchanged) response.writeHead(304, headers).end();
  else response.writeHead(200, headers).end(body);
}

/**
 * An app's live page, made for this response, in the coding the request accepts (pageEncoding.js).
 * @param {Request} request
 * @param {Response} response
 * @param {string} page
 * @param {string} cacheControl
 */
function sendPage(request, response, page, cacheControl) {
  const { body, coding } = encodedPage(request, page);
  const vary = [response.getHeader('Vary'), 'Accept-Encoding'].filter(Boolean).join(', ');
  response
    .writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': cacheControl,
      Vary: vary,
      ...(coding ? { 'Content-Encoding': coding } : {}),
    })
    .end(body);
}

/** @param {Response} response */
function notFound(response) {
  response
    .writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': revalidate })
    .end('Not found\n');
}

/** @param {Response} response */
function badRequest(response) {
  response
    .writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': revalidate })
    .end('Bad request\n');
}
