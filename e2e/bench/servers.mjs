// @ts-check
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { monolithPort, ports } from '@murmur/config/ports';

const repo = fileURLToPath(new URL('../../', import.meta.url));

/**
 * What the benchmark compares: the composed app as `npm start` serves it, and the single-bundle baseline (monolith/).
 * Each lists the apps to serve, the first being the page's origin.
 */
export const targets = {
  federated: { build: ['run', 'build'], apps: Object.entries(ports) },
  baseline: { build: ['--filter', 'monolith', 'build'], apps: [['monolith', monolithPort]] },
};

/** @typedef {keyof typeof targets} Target */

/** @param {Target} target */
export function build(target) {
  const result = spawnSync('npx', ['--yes', 'pnpm@10.34.9', ...targets[target].build], { cwd: repo, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) throw new Error(`building the ${target} app failed (exit ${result.status})`);
}

/**
 * Serves one app's production build; the one place to change how (today `vite preview`, as `npm start` does).
 * @param {string} app @param {number} port
 */
const serve = (app, port) => spawn('node_modules/.bin/vite', ['preview', '--port', String(port), '--strictPort'], { cwd: `${repo}${app}`, detached: true, stdio: 'ignore' });

/**
 * Starts every server of a target and answers its page origin and a function that stops them all.
 * @param {Target} target
 */
export async function startServers(target) {
  const started = targets[target].apps.map(([app, port]) => ({ port: Number(port), child: serve(String(app), Number(port)) }));
  const stop = () => {
    for (const { child } of started) if (child.pid && child.exitCode === null) process.kill(-child.pid);
  };
  try {
    await Promise.all(started.map(({ port }) => waitForServer(`http://localhost:${port}/`)));
  } catch (error) {
    stop();
    throw error;
  }
  return { origin: `http://localhost:${started[0]?.port}`, stop };
}

/** @param {string} url */
async function waitForServer(url, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await fetch(url).then((response) => response.ok, () => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}
