// Adds up the JSON reports of every Vitest and Playwright run in a folder into the plain closing line
// "N passed, M failed" that CI reads. Run alone, it prints the line for the folder given (default .reports).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The counts of every report in `dir`. @param {string} dir */
export function totals(dir) {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  const files = existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.json')) : [];
  for (const file of files) {
    const report = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    if ('numPassedTests' in report) {
      // Vitest's json reporter (the Jest format).
      passed += report.numPassedTests;
      failed += report.numFailedTests;
      skipped += report.numPendingTests + report.numTodoTests;
    } else if (report.stats) {
      // Playwright's json reporter: flaky tests passed on a retry, so they count as passed.
      passed += report.stats.expected + report.stats.flaky;
      failed += report.stats.unexpected;
      skipped += report.stats.skipped;
    } else {
      console.error(`totals: ${file} is neither a Vitest nor a Playwright report`);
      failed += 1;
    }
  }
  return { passed, failed, skipped };
}

/** The closing line CI reads, exactly "N passed, M failed"; skipped tests are said on a line of their own. */
export const totalsLine = (/** @type {string} */ dir) => {
  const { passed, failed } = totals(dir);
  return `${passed} passed, ${failed} failed`;
};

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(totalsLine(process.argv[2] ?? '.reports'));
