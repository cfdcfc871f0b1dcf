// @ts-check
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { njsModule } from '../src/edge/nginx/findNginx.js';

/**
 * nginx started as Debian's package starts it, run by root: its main configuration names `user www-data;`, loads the
 * njs module (libnginx-mod-http-js) and includes the http configuration an operator wrote into conf.d/
 * (`nginx-config --out`), so its workers run as www-data. Pid and error log in a temporary folder; resolves once every
 * address in `listening` accepts connections.
 * @param {{ nginx: string; httpConfig: string; listening: { host: string; port: number }[] }} options
 *   `httpConfig`: the file nginx-config wrote
 */
export async function startDebianNginx({ nginx, httpConfig, listening }) {
  const prefix = mkdtempSync(join(tmpdir(), 'murmur-debian-nginx-'));
  const errorLog = join(prefix, 'error.log');
  const mainConfig = join(prefix, 'nginx.conf');
  writeFileSync(
    mainConfig,
    [
      'user www-data;',
      // What Debian's `include /etc/nginx/modules-enabled/*.conf;` loads of libnginx-mod-http-js: the njs module.
      `load_module ${njsModule};`,
      'worker_processes 1;',
      'daemon off;',
      `pid ${join(prefix, 'nginx.pid')};`,
      `error_log ${errorLog};`,
      'events { worker_connections 64; }',
      'http {',
      '  access_log off;',
      `  include ${httpConfig};`,
      '}',
      '',
    ].join('\n'),
  );
  const child = spawn(nginx, ['-p', prefix, '-e', errorLog, '-c', mainConfig], { stdio: 'ignore' });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const log = () => readFileSync(errorLog, 'utf8');
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(prefix, { recursive: true, force: true });
  };
  for (const address of listening) {
    while (!(await accepts(address))) {
      if (child.exitCode !== null) {
        const lines = log();
        await stop();
        throw new Error(`nginx stopped before it listened:\n${lines}`);
      }
      await sleep(50);
    }
  }
  return { stop, errorLog: log, pid: child.pid };
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
 * The users nginx's worker processes (the master's children) run as, by their real uid.
 * @param {number} master the master's pid
 */
export function workerUids(master) {
  const uids = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let status;
    try {
      status = readFileSync(`/proc/${entry}/status`, 'utf8');
    } catch {
      continue;
    }
    if (Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]) === master) uids.push(Number(/^Uid:\s+(\d+)/m.exec(status)?.[1]));
  }
  return uids;
}
