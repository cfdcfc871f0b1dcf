// @ts-check
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/** @typedef {import('@murmur/config/apps').AppName} AppName */

/**
 * Starts the store server in a process of its own, as `npm start` runs it: an exception that escapes a request
 * handler ends that process, as it would in production (inside the test runner it would only be reported).
 * @param {{ store: string; vanishing?: string[] }} options vanishing: files deleted when the server opens them
 */
export async function startServerProcess({ store, vanishing = [] }) {
  const child = spawn(process.execPath, [fileURLToPath(new URL('./serverProcessMain.js', import.meta.url))], {
    env: { ...process.env, MURMUR_STORE: store, MURMUR_TEST_VANISHING: JSON.stringify(vanishing) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  /** @type {string[]} */
  const errorLines = [];
  createInterface({ input: /** @type {import('node:stream').Readable} */ (child.stderr) }).on('line', (line) =>
    errorLines.push(line),
  );
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  /** @type {Record<AppName, number>} */
  const ports = await new Promise((resolve, reject) => {
    createInterface({ input: /** @type {import('node:stream').Readable} */ (child.stdout) }).once('line', (line) =>
      resolve(JSON.parse(line)),
    );
    void exited.then(() => reject(new Error(`the server process exited before listening:\n${errorLines.join('\n')}`)));
  });
  return {
    ports,
    /** What the process wrote to stderr so far, a line each. */
    errorLines,
    /**
     * The lines written to stderr after the first `from`, once there are at least `count` of them (or 2 s passed)
     * and 100 ms more went by without more: stderr is a pipe of its own, read apart from the HTTP answers.
     * @param {number} from
     * @param {number} count
     */
    errorLinesAfter: async (from, count) => {
      for (const started = Date.now(); errorLines.length < from + count && Date.now() - started < 2_000;) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
      return errorLines.slice(from);
    },
    /** Whether the process has ended. */
    hasExited: () => child.exitCode !== null || child.signalCode !== null,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill();
      await exited;
    },
  };
}
