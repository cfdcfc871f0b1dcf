// Adds up the JSON reports of every Vitest and Playwright run in a folder and prints the plain closing line
// "N passed, M failed" that CI reads.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2] ?? '.reports';
let passed = 0;
let failed = 0;
let skipped = 0;

for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
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

console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
