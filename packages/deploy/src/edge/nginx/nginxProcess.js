// @ts-check
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { isRoot, nginxWorkerUser } from './workerUser.js';
import { njsModule } from './findNginx.js';

/** How long a reload may take before it counts as failed. */
const reloadTimeout = 15_000;

/**
 * Runs nginx in the foreground, as a child of this process: a master and one worker, every file of its own (pid, logs,
 * temporary bodies) in a temporary folder. Started by root, its worker runs as `workers` (by default the user the
 * installed nginx's would run as: Debian's www-data, else nobody), as on a server: never as root. `writeConfig` writes
 * the http block to the file it is given, wherever its content comes from; `reload` has it written again and nginx
 * switch to it gracefully (SIGHUP: the master keeps its listening sockets, so no connection is refused meanwhile).
 * Resolves once every address in `listening` accepts connections; `stop` ends nginx and removes the folder. nginx
 * loads Debian's njs module (findNginx.js's `njsModule`).
 * @param {{ nginx: string; brotliModule: string | null; writeConfig: (file: string) => void | Promise<void>;
 *   listening: { host: string; port: number }[]; workers?: import('./workerUser.js').Account }} options
 */
export async function startNginx({ nginx, brotliModule, writeConfig, listening, workers }) {
  const prefix = mkdtempSync(join(tmpdir(), 'murmur-nginx-'));
  const user = isRoot() ? (workers ?? nginxWorkerUser()) : null;
  // The worker's temporary files (bodies, proxied answers) are in folders nginx makes here, for it.
  if (user) chmodSync(prefix, 0o755);
  const errorLog = join(prefix, 'error.log');
  const httpFile = join(prefix, 'http.conf');
  await writeConfig(httpFile);
  writeFileSync(
    join(prefix, 'nginx.conf'),
    [
      ...(brotliModule ? [`load_module ${brotliModule};`] : []),
      `load_module ${njsModule};`,
      'daemon off;',
      'worker_processes 1;',
      ...(user ? [`user ${user.name} ${user.group};`] : []),
      `pid ${join(prefix, 'nginx.pid')};`,
      // notice: the master's lines about its workers, which tell when a reload is done.
      `error_log ${errorLog} notice;`,
      'events { worker_connections 256; }',
      'http {',
      '  access_log off;',
      `  include ${httpFile};`,
      '}',
      '',
    ].join('\n'),
  );
  const child = spawn(nginx, ['-p', prefix, '-e', errorLog, '-c', join(prefix, 'nginx.conf')], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const running = () => child.exitCode === null && child.signalCode === null;
  const stop = async () => {
    if (running()) child.kill('SIGTERM');
    await exited;
    rmSync(prefix, { recursive: true, force: true });
  };
  const log = () => readFileSync(errorLog, 'utf8');
  for (const address of listening) {
    while (!(await accepts(address))) {
      if (!running()) {
        const lines = log();
        await stop();
        throw new Error(`nginx stopped before it listened:\n${lines}`);
      }
      await sleep(50);
    }
  }

  /** Writes the configuration again and waits until nginx serves it, its worker of the last one gone. */
  const reload = async () => {
    await writeConfig(httpFile);
    const before = log();
    const oldWorker = lastWorker(before);
    child.kill('SIGHUP');
    const deadline = Date.now() + reloadTimeout;
    for (;;) {
      const since = log().slice(before.length);
      // A configuration nginx refuses leaves the last one serving.
      if (/\[emerg\]/.test(since)) throw new Error(`nginx refused the new configuration:\n${since}`);
      if (lastWorker(since) !== null && (oldWorker === null || since.includes(`worker process ${oldWorker} exited`)))
        return;
      if (!running() || Date.now() > deadline) throw new Error(`nginx did not reload:\n${since}`);
      await sleep(20);
    }
  };
  return { stop, reload, pid: child.pid, errorLog: log };
}

/** The pid of the last worker the master started, as its log says. @param {string} log */
function lastWorker(log) {
  return [...log.matchAll(/start worker process (\d+)/g)].at(-1)?.[1] ?? null;
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
