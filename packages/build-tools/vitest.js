// @ts-check
import { availableParallelism } from 'node:os';

/**
 * Vitest defaults for every package. When MURMUR_REPORT_DIR is set (CI sets it), each package also writes a JSON
 * report there, so that one script can add up the totals of every suite.
 * @param {string} packageName
 * @returns {import('vitest/node').InlineConfig}
 */
export function vitestDefaults(packageName) {
  const reportDir = process.env.MURMUR_REPORT_DIR;
  return {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    testTimeout: 20_000,
    // A worker a core. Vitest's default leaves one core to its own process, which on two cores is one worker: the
    // deploy suite, whose tests mostly wait for the processes and servers they start, then kept a core idle (6.0 min
    // with one worker, 4.7 with two; every package's suites 9.5 min, then 6.4).
    maxWorkers: availableParallelism(),
    reporters: reportDir ? ['default', 'json'] : ['default'],
    outputFile: reportDir ? { json: `${reportDir}/vitest-${packageName}.json` } : undefined,
  };
}
