// The browser suites that prove the production edge (playwright.config.ts lists them), run against nginx serving the
// local store, then against nginx in front of an S3 server holding a store released there; arguments are passed on to
// `playwright test`. Without nginx (not root, no apt-get), one line says why and nothing runs.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { findNginx } from '@murmur/deploy';
import { EDGE_ENV } from './edge.mjs';

const nginx = findNginx();
if (!nginx.found) {
  console.log(`browser tests against nginx skipped: ${nginx.reason}`);
  process.exit(0);
}
const playwright = join(import.meta.dirname, 'node_modules', '.bin', 'playwright');
let failed = false;
for (const edge of ['nginx', 'nginx-s3']) {
  const run = spawnSync(playwright, ['test', ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, [EDGE_ENV]: edge },
  });
  failed ||= run.status !== 0;
}
process.exit(failed ? 1 : 0);
