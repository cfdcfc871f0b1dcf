// Runs a command (by default `npm test`) several times in a row while every core is kept busy by another process, to
// bring out the tests that only pass on an idle machine: `node packages/scripts/busy-test.mjs [runs] [-- command...]`.
// Prints each run's last line ("N passed, M failed" for `npm test`) and a summary; exits 1 if any run failed.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

const USAGE = 'usage: node packages/scripts/busy-test.mjs [runs] [-- command...]   (default: 3 runs of npm test)';

/** @param {string[]} args */
function parseArgs(args) {
  const dashes = args.indexOf('--');
  const own = dashes === -1 ? args : args.slice(0, dashes);
  const command = dashes === -1 ? ['npm', 'test'] : args.slice(dashes + 1);
  if (own.length > 1 || (own[0] !== undefined && !/^[1-9]\d*$/.test(own[0])) || command.length === 0) {
    console.error(USAGE);
    process.exit(2);
  }
  return { runs: Number(own[0] ?? 3), command };
}

// Each burner spins until killed, and also stops by itself once its parent is gone (a kill -9 of this script leaves
// no core spinning): it looks at its parent's pid every few million turns, a few times a second.
const BURNER =
  'const parent = process.ppid; ' +
  'for (let turn = 1; ; turn++) if (turn % 2e7 === 0 && process.ppid !== parent) break;';

/** @type {import('node:child_process').ChildProcess[]} */
const burners = [];
/** @type {import('node:child_process').ChildProcess | null} */
let current = null;

function stopAll() {
  for (const burner of burners.splice(0)) burner.kill('SIGKILL');
  current?.kill('SIGTERM');
}

process.on('exit', stopAll);
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) {
  process.on(signal, () => {
    console.log(`\nbusy-test: ${signal}, stopping`);
    stopAll();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  });
}

/**
 * Runs the command once, its output passed through, and answers its exit code and last non-empty line of output.
 * @param {string[]} command
 * @returns {Promise<{ code: number; lastLine: string }>}
 */
function runOnce([file = '', ...args]) {
  return new Promise((resolve) => {
    let lastLine = '';
    let pending = '';
    const child = spawn(file, args, { stdio: ['inherit', 'pipe', 'inherit'] });
    current = child;
    child.stdout?.on('data', (chunk) => {
      process.stdout.write(chunk);
      const lines = (pending + chunk.toString()).split('\n');
      pending = lines.pop() ?? '';
      const last = lines.map((line) => line.trim()).findLast((line) => line !== '');
      if (last !== undefined) lastLine = last;
    });
    const settle = (/** @type {number} */ code) => {
      current = null;
      resolve({ code, lastLine: pending.trim() || lastLine });
    };
    child.on('error', (error) => {
      console.error(`busy-test: could not start ${file}: ${error.message}`);
      settle(127);
    });
    child.on('close', (code, signal) => settle(code ?? (signal ? 128 : 1)));
  });
}

/** A run fails on a non-zero exit, or on a last line that counts failed tests (the totals line of `npm test`). */
const failed = (/** @type {{ code: number; lastLine: string }} */ { code, lastLine }) =>
  code !== 0 || Number(/(\d+) failed/.exec(lastLine)?.[1] ?? 0) > 0;

const { runs, command } = parseArgs(process.argv.slice(2));
const cores = availableParallelism();
for (let core = 0; core < cores; core++) {
  burners.push(spawn(process.execPath, ['-e', BURNER], { stdio: 'ignore' }));
}
console.log(`busy-test: ${runs} run(s) of \`${command.join(' ')}\`, ${cores} core(s) kept busy`);

const results = [];
for (let run = 1; run <= runs; run++) {
  const started = Date.now();
  const result = await runOnce(command);
  results.push(result);
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(`busy-test: run ${run}/${runs}: ${result.lastLine || '(no output)'} [exit ${result.code}, ${seconds} s]`);
}
stopAll();

const failures = results.filter(failed).length;
console.log('busy-test: summary');
results.forEach((result, index) => console.log(`  run ${index + 1}: ${result.lastLine || '(no output)'}`));
console.log(`busy-test: ${runs - failures} of ${runs} run(s) passed, ${failures} failed`);
process.exit(failures > 0 ? 1 : 0);
