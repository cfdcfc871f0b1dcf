// @ts-check
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { appNames, apps, monolithPort } from '@murmur/config/apps';

const repo = fileURLToPath(new URL('../../', import.meta.url));

const detached = /** @type {const} */ ({ detached: true, stdio: 'ignore' });

/** `BENCH_EDGE=nginx` serves the composed app with nginx in front of the store, as production's edge does. */
const edge = process.env.BENCH_EDGE === 'nginx' ? ['--edge', 'nginx'] : [];

/**
 * What the benchmark compares: the composed app as `npm start` serves it (every build released into a store of the
 * run's own and served by the store server, or by nginx: `edge`), and the single-bundle baseline (packages/monolith/,
 * precompressed and served as the store serves a release: baselineServer.mjs; measured, never deployed). Each names
 * its page origin's port first.
 */
const targets = {
  federated: {
    build: ['run', 'build'],
    ports: appNames.map((app) => apps[app].port),
    serve: (/** @type {string} */ store) =>
      spawn('node', ['packages/deploy/src/cli.js', 'serve', ...edge], {
        cwd: repo,
        env: { ...process.env, MURMUR_STORE: store },
        ...detached,
      }),
  },
  baseline: {
    build: ['--filter', 'monolith', 'build'],
    ports: [monolithPort],
    // No store: the baseline is served as built.
    serve: () =>
      spawn('node', ['bench/baselineServer.mjs', `${repo}packages/monolith/dist`, String(monolithPort)], {
        cwd: `${repo}e2e`,
        ...detached,
      }),
  },
};

/** @typedef {keyof typeof targets} Target */

/** @param {Target} target */
export function build(target) {
  const result = spawnSync('npx', ['--yes', 'pnpm@10.34.9', ...targets[target].build], {
    cwd: repo,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) throw new Error(`building the ${target} app failed (exit ${result.status})`);
}

/**
 * Starts a target's servers and answers its page origin, the store the composed app is served from (a folder of the
 * run's own; the baseline's is unused), and a function that stops them.
 * @param {Target} target
 */
export async function startServers(target) {
  const store = mkdtempSync(join(tmpdir(), 'murmur-bench-store-'));
  const child = target === 'federated' ? targets.federated.serve(store) : targets.baseline.serve();
  const stop = () => {
    if (child.pid && child.exitCode === null) process.kill(-child.pid);
  };
  try {
    await Promise.all(targets[target].ports.map((port) => waitForServer(`http://localhost:${port}/`)));
  } catch (error) {
    stop();
    throw error;
  }
  return { origin: `http://localhost:${targets[target].ports[0]}`, store, stop };
}

/**
 * Starts several targets' servers; if one does not come up, stops those that did before failing, so that no server
 * is left holding the ports.
 * @param {Target[]} names
 */
export async function startAllServers(names) {
  const started = await Promise.allSettled(names.map((name) => startServers(name)));
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    for (const result of started) if (result.status === 'fulfilled') result.value.stop();
    throw failed.reason;
  }
  return started.map(
    (result) => /** @type {PromiseFulfilledResult<Awaited<ReturnType<typeof startServers>>>} */ (result).value,
  );
}

/**
 * Waits for a server to answer: its start releases and promotes every app into a store first, which on two busy cores
 * takes more than a minute.
 * @param {string} url
 */
async function waitForServer(url, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (
      await fetch(url).then(
        (response) => response.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}
