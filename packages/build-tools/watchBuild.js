// @ts-check
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';

/**
 * Where a remote's dev server serves its watch build (docs/overriding-a-remote.md, "Overrides of one remote"): the
 * manifest a tab of a deployed composition overrides the remote with is
 * `http://localhost:<port>/_build/mf-manifest.json`.
 */
const watchBuildPath = '/_build/';

/** The field the served manifest gets: where, relative to it, the page hears of each new build. */
const updatesField = 'murmurUpdates';
const updatesFile = 'updates';

const types = /** @type {Record<string, string>} */ ({
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.html': 'text/html',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
});

/**
 * A tab of a deployed composition that overrides the remote with its dev server's own manifest runs the shell's
 * development build and takes Fast Refresh's updates (docs/overriding-a-remote.md, "Fast Refresh through an
 * override"); a production shell neither runs elements made by React's development JSX runtime nor takes them. For
 * that case, and to see the remote as it will be built, the remote's dev server also serves, under
 * `/_build/`, a production build of the remote that it rebuilds on every save (`vite build --watch`, in a process of
 * its own so that it is a production build whatever the dev server's environment), and tells a page that loaded it of
 * each new build on `/_build/updates` (server-sent events), where the shell loads the remote again in place
 * (shell/src/overrides/devServerOverride.ts). The build starts with the first request for it, so a dev server nobody
 * overrides with costs nothing more.
 * @param {{ root: string; corsAllows: import('./devCors.js').OriginCheck }} options the app folder, and which pages
 *   of other origins may read the build (devCors.js)
 * @returns {import('vite').Plugin}
 */
export function watchBuildPlugin({ root, corsAllows }) {
  const outDir = join(root, 'node_modules', '.murmur-watch-build');
  /** @type {import('node:child_process').ChildProcess | null} */
  let child = null;
  let builds = 0;
  /** @type {Promise<void> | null} */
  let firstBuild = null;
  /** @type {Set<import('node:http').ServerResponse>} */
  const listeners = new Set();

  const start = () => {
    firstBuild ??= new Promise((resolve, reject) => {
      child = spawn(
        join(root, 'node_modules', '.bin', 'vite'),
        ['build', '--watch', '--outDir', outDir, '--emptyOutDir'],
        {
          cwd: root,
          env: { ...process.env, NODE_ENV: 'production' },
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`the watch build stopped (${code})`)));
      child.stdout?.setEncoding('utf8');
      child.stdout?.on('data', (/** @type {string} */ text) => {
        if (!/built in \d/.test(text)) return;
        builds += 1;
        console.log(`watch build ${builds} of ${root} ready at ${watchBuildPath}mf-manifest.json`);
        resolve();
        for (const listener of listeners) listener.write(`data: ${builds}\n\n`);
      });
    });
    return firstBuild;
  };
  const stop = () => {
    child?.kill();
    for (const listener of listeners) listener.end();
  };

  return {
    name: 'murmur-watch-build',
    apply: 'serve',
    configureServer(server) {
      server.httpServer?.once('close', stop);
      process.once('exit', stop);
      server.middlewares.use(watchBuildPath, (request, response, next) => {
        const path = normalize(decodeURIComponent((request.url ?? '/').replace(/[?#].*$/, '')));
        const origin = request.headers.origin;
        if (corsAllows(origin)) response.setHeader('Access-Control-Allow-Origin', /** @type {string} */ (origin));
        response.setHeader('Vary', 'Origin');
        response.setHeader('Cache-Control', 'no-cache');
        if (path === `${sep}${updatesFile}`) {
          response.writeHead(200, { 'Content-Type': 'text/event-stream' });
          listeners.add(response);
          response.on('close', () => listeners.delete(response));
          void start().then(() => response.write(`data: ${builds}\n\n`));
          return;
        }
        const file = join(outDir, path);
        if (!file.startsWith(outDir + sep)) return next();
        start().then(
          () => {
            let body;
            try {
              body = readFileSync(file);
            } catch {
              response.writeHead(404).end();
              return;
            }
            if (path === `${sep}mf-manifest.json`) {
              body = JSON.stringify({ ...JSON.parse(body.toString('utf8')), [updatesField]: `./${updatesFile}` });
            }
            response.writeHead(200, { 'Content-Type': types[extname(file)] ?? 'application/octet-stream' });
            response.end(body);
          },
          (/** @type {Error} */ error) => {
            response.writeHead(500, { 'Content-Type': 'text/plain' }).end(error.message);
          },
        );
      });
    },
  };
}
