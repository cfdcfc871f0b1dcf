// @ts-check
import { spawn } from 'node:child_process';

/**
 * How soon a job that exited is started again: after `firstMs`, twice as long after each exit that follows within
 * `steadyMs` of its start, up to `maxMs`; a job that ran `steadyMs` or more is started again after `firstMs`.
 */
const restartDelays = { firstMs: 1_000, maxMs: 60_000, steadyMs: 60_000 };

/**
 * Runs the canary health job (`canary-health --watch`) as a process of its own beside an edge, as `serve` does, and
 * starts it again whenever it exits unless `stop` was called, logging how it ended and when it starts again: a job
 * that dies (a bug, an out-of-memory kill, a signal) must not leave a failing canary running unjudged.
 * @param {{ cli: string; statusFolder: string; env?: Record<string, string | undefined>;
 *   log?: (line: string) => void; delays?: typeof restartDelays }} options `cli`: the store's commands (src/cli.js)
 */
export function keepHealthJob({ cli, statusFolder, env = process.env, log = console.error, delays = restartDelays }) {
  return keepRunning({
    name: 'canary health: the job',
    start: () =>
      spawn(process.execPath, [cli, 'canary-health', '--watch', '--status-page', statusFolder], {
        env,
        stdio: 'inherit',
      }),
    log,
    delays,
  });
}

/**
 * Keeps a process running: `start` starts it, and again after it exits (with `delays`' backoff), until `stop`.
 * @param {{ name: string; start: () => import('node:child_process').ChildProcess; log: (line: string) => void;
 *   delays: typeof restartDelays }} options
 */
function keepRunning({ name, start, log, delays }) {
  /** @type {import('node:child_process').ChildProcess} */
  let child;
  /** @type {ReturnType<typeof setTimeout> | null} */
  let timer = null;
  let stopped = false;
  let delay = delays.firstMs;
  /** @type {Promise<void>} */
  let exited = Promise.resolve();

  const run = () => {
    timer = null;
    const startedAt = Date.now();
    child = start();
    exited = new Promise((resolve) => {
      let ended = false;
      /** @param {string} how */
      const end = (how) => {
        if (ended) return;
        ended = true;
        resolve();
        if (stopped) return;
        const ranMs = Date.now() - startedAt;
        delay = ranMs >= delays.steadyMs ? delays.firstMs : delay;
        log(`${name} ${how} after ${seconds(ranMs)}; starting it again in ${seconds(delay)}`);
        timer = setTimeout(run, delay);
        delay = Math.min(delay * 2, delays.maxMs);
      };
      child.once('exit', (code, signal) => end(signal ? `was ended by ${signal}` : `exited with code ${code}`));
      child.once('error', (error) => end(`could not run (${error.message})`));
    });
  };
  run();
  return {
    /** The pid of the process running now (undefined while it is being started again). */
    get pid() {
      return child.exitCode === null && child.signalCode === null ? child.pid : undefined;
    },
    /** Ends the process and starts it no more; resolves once it has exited. */
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      child.kill();
      await exited;
    },
  };
}

/** @param {number} ms */
function seconds(ms) {
  return `${Number((ms / 1000).toFixed(1))} s`;
}
