// The end of `npm test`: runs `verify` with every Vitest and Playwright suite writing a JSON report into one folder
// (MURMUR_REPORT_DIR, by default .reports/, emptied first), then prints the totals over all of them as the last line.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { totals, totalsLine } from './totals.mjs';

const reportDir = resolve(process.env.MURMUR_REPORT_DIR ?? '.reports');
rmSync(reportDir, { recursive: true, force: true });
mkdirSync(reportDir, { recursive: true });

const verify = spawnSync('npx', ['--yes', 'pnpm@10.34.9', 'run', 'verify'], {
  stdio: 'inherit',
  env: { ...process.env, MURMUR_REPORT_DIR: reportDir },
});
if (verify.status !== 0) console.log('verify failed: the totals below count only the suites that ran');
const { skipped } = totals(reportDir);
if (skipped > 0) console.log(`${skipped} skipped (not counted below)`);
console.log(totalsLine(reportDir));
process.exit(verify.status ?? 1);
