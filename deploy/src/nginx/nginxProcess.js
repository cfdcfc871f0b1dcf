// @ts-check
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Runs nginx in the foreground, as a child of this process, with `httpConfig` (nginxConfig's output) as its http
 * block and every file of its own (pid, logs, temporary bodies) in a temporary folder. Resolves once every address
 * in `listening` accepts connections; `stop` ends it and removes the folder.
 * @param {{ nginx: string; brotliModule: string | null; httpConfig: string; listening: { host: string; port: number }[] }} options
 */
export async function startNginx({ nginx, brotliModule, httpConfig, listening }) {
  const prefix = mkdtempSync(join(tmpdir(), 'murmur-nginx-'));
  const errorLog = join(prefix, 'error.log');
  writeFileSync(join(prefix, 'http.conf'), httpConfig);
  writeFileSync(
    join(prefix, 'nginx.conf'),
    [
      ...(brotliModule ? [`load_module ${brotliModule};`] : []),
      'daemon off;',
      // One process, which stays this user: no worker switches to a user that could not read a temporary store.
      'master_process off;',
      `pid ${join(prefix, 'nginx.pid')};`,
      `error_log ${errorLog} warn;`,
      'events { worker_connections 256; }',
      'http {',
      '  access_log off;',
      `  include ${join(prefix, 'http.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  const child = spawn(nginx, ['-p', prefix, '-e', errorLog, '-c', join(prefix, 'nginx.conf')], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(prefix, { recursive: true, force: true });
  };
  let ended = false;
  void exited.then(() => (ended = true));
  for (const address of listening) {
    while (!(await accepts(address))) {
      if (ended) {
        const log = readFileSync(errorLog, 'utf8');
        await stop();
        throw new Error(`nginx stopped before it listened:\n${log}`);
      }
      await sleep(50);
    }
  }
  return { stop, errorLog: () => readFileSync(errorLog, 'utf8') };
}

/** @param {{ host: string; port: number }} address */
function accepts({ host, port }) {
  return new Promise((resolve) => {
    const socket = connect(port, host);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Ports the system has free on `host` now, one per name: each is bound and released, for nginx to bind next.
 * @param {string} host
 * @param {number} count
 */
export async function freePorts(host, count) {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        /** @type {Promise<import('node:net').Server>} */ (
          new Promise((resolve, reject) => {
            const server = createServer();
            server.once('error', reject);
            server.listen(0, host, () => resolve(server));
          })
        ),
    ),
  );
  const ports = servers.map((server) => /** @type {import('node:net').AddressInfo} */ (server.address()).port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}
