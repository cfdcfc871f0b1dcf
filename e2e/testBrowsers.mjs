// Every browser suite, once (docs/developing.md, "Browser tests"). The suites about what the edge serves run against
// nginx in front of an S3 server, as production has them, where nginx can be found or installed, and against the
// embedded edge where it cannot; the others against the embedded edge, which `npm start` serves; then the dev loop.
// Every run is made even when one fails, so that the totals count them all; arguments go on to each `playwright test`.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { findNginx } from '@murmur/deploy';
import { EDGE_ENV, EDGE_SUITES_ON_NGINX_ENV } from './edge.mjs';

const playwright = join(import.meta.dirname, 'node_modules', '.bin', 'playwright');
const nginx = findNginx();
if (!nginx.found) console.log(`the edge's browser suites run against the embedded edge: ${nginx.reason}`);

/** @type {{ args: string[]; env: Record<string, string> }[]} */
const runs = [
  { args: [], env: nginx.found ? { [EDGE_SUITES_ON_NGINX_ENV]: '1' } : {} },
  { args: ['-c', 'playwright.dev.config.ts'], env: {} },
  ...(nginx.found ? [{ args: [], env: { [EDGE_ENV]: 'nginx-s3' } }] : []),
];
let failed = false;
for (const { args, env } of runs) {
  const run = spawnSync(playwright, ['test', ...args, ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  failed ||= run.status !== 0;
}
process.exit(failed ? 1 : 0);
