// @ts-check
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { extname } from 'node:path';
import sirv from 'sirv';
import { ports } from '@murmur/config/ports';
import { pathWithoutAttempt } from '@murmur/config/remotes';
import { appNames } from './apps.js';
import { cacheControlFor, contentSecurityPolicy, revalidate } from './headers.js';
import { liveVersionOf, readLiveFile, readRemotesPointer } from './liveFiles.js';
import { rangeOf } from './range.js';
import { withErrorBoundary } from './requestBoundary.js';
import { isValidHost, parseRequestTarget } from './requestTarget.js';
import { storeLayout, storeRoot, versionPattern } from './storePaths.js';
import { acceptEncodingFor, contentCodingOf, entryKind, versionFile } from './versionFiles.js';

/** @typedef {import('./apps.js').AppName} AppName */
/** @typedef {import('node:http').IncomingMessage} Request */
/** @typedef {import('node:http').ServerResponse} Response */
/** @typedef {import('node:http').Server} Server */

/**
 * Answers every request for one app's folder of the store:
 * - `/<version>/…`: that version's files (sirv: precompressed .br/.gz, MIME types, ETags, one byte range), hashed
 *   assets cached for a year, everything else revalidated; a file the version lacks is a 404, and so is a dotfile,
 *   a link, or a file reached through one;
 * - `/remotes.json` (the shell): the environment's pointer to each live remote;
 * - any other path with a file extension: a redirect into the live version when it holds that file (a remote alone
 *   finds another remote's manifest at its root), else a 404, never a page;
 * - any other path is one of the app's routes: the live version's page.
 * No other file of the store is ever sent. A remote answers each of these paths also under an attempt prefix
 * (`/_attempt/<n>/…`, config/remotes.js), as if the prefix were not there, so that Retry loads it under URLs no
 * stalled request holds; its redirects keep the prefix. A remote's files are fetched by pages on other origins, so
 * every answer of a remote allows any origin.
 * A target that names no path unambiguously, or a Host field that is repeated or invalid, is a 400; a failure of the
 * server's own (a damaged live.json or remotes.json, a file that vanishes) is a 500 for that request alone, logged.
 * @param {{ store: string; app: AppName }} options
 * @returns {(request: Request, response: Response) => void}
 */
export function storeRequestHandler({ store, app }) {
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

  const remoteOrigins = () => readRemotesPointer(store)?.origins ?? [];

  /** @type {(request: Request, response: Response) => void} */
  const handle = (request, response) => {
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
    const attempt = target.path.slice(0, target.path.length - pathname.length);
    // The path without its prefix is part of a valid one, so it parses too.
    const { segments } = unprefixed === null ? target : /** @type {typeof target} */ (parseRequestTarget(pathname));
    const [first = '', ...rest] = segments;

    if (versionPattern.test(first)) {
      const kind = entryKind(layout.versionDir(app, first));
      if (kind === 'folder') {
        sendVersionFile(request, response, first, rest);
        return;
      }
      // A version id that names a link or a file: never served, nor taken for a route.
      if (kind === 'other') {
        notFound(response);
        return;
      }
    }
    if (app === 'shell' && pathname === '/remotes.json') {
      const pointer = readRemotesPointer(store);
      if (pointer) sendLive(response, pointer.json, 'application/json');
      else notFound(response);
      return;
    }
    if (extname(pathname)) {
      const live = liveVersionOf(store, app);
      if (live && versionFile(layout.versionDir(app, live), segments)) {
        response.writeHead(302, { Location: `${attempt}/${live}${pathname}`, 'Cache-Control': revalidate }).end();
      } else {
        notFound(response);
      }
      return;
    }
    const page = readLiveFile(layout.livePage(app));
    if (page === null) {
      notFound(response);
      return;
    }
    // The page's script elements carry a nonce that only this response's policy names, with the remotes' origins.
    const nonce = randomBytes(16).toString('base64');
    response.setHeader('Content-Security-Policy', contentSecurityPolicy(remoteOrigins(), nonce));
    sendLive(response, page.replaceAll('<script ', `<script nonce="${nonce}" `), 'text/html; charset=utf-8');
  };

  /** @type {Record<string, string>} */
  const headers = { 'X-Content-Type-Options': 'nosniff' };
  if (app !== 'shell') headers['Access-Control-Allow-Origin'] = '*';
  return withErrorBoundary({ label: app, headers }, handle);
}

/**
 * Serves the store on one port per app (by default 4000-4003), as `npm start` does. Resolves once every app's
 * server listens; `close` stops them all.
 * @param {{ store?: string; apps?: AppName[]; portOf?: (app: AppName) => number; host?: string }} [options]
 */
export async function startStoreServer({
  store = storeRoot(),
  apps = appNames,
  portOf = (app) => ports[app],
  host,
} = {}) {
  // The shell last: a page it serves loads the remotes at once.
  const ordered = [...apps].sort((a, b) => Number(a === 'shell') - Number(b === 'shell'));
  /** @type {Server[]} */
  const servers = [];
  for (const app of ordered) {
    const server = createServer(storeRequestHandler({ store, app }));
    await new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(portOf(app), host, () => resolve(undefined));
    });
    servers.push(server);
  }
  return {
    servers,
    close: () =>
      Promise.all(
        servers.map(
          (server) =>
            new Promise((resolve) => {
              server.close(() => resolve(undefined));
              // Browsers keep connections open; without this, close would wait for them to time out.
              server.closeAllConnections();
            }),
        ),
      ),
  };
}

/**
 * A file promote rewrites (the pointer, or the live page), revalidated on every use.
 * @param {Response} response
 * @param {string} body
 * @param {string} type
 */
function sendLive(response, body, type) {
  response.writeHead(200, { 'Content-Type': type, 'Cache-Control': revalidate }).end(body);
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
