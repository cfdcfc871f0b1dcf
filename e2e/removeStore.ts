import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';

/**
 * After the browser tests have released, promoted and rolled back in the run's release store (playwright.config.ts
 * made it): the store must still check out whole (`verify-store`), then it is removed. A store left inconsistent
 * fails the run.
 */
export default function verifyAndRemoveStore() {
  const store = process.env.MURMUR_E2E_STORE;
  if (!store) return;
  const cli = join(import.meta.dirname, '..', 'packages', 'deploy', 'src', 'cli.js');
  const verify = spawnSync(process.execPath, [cli, 'verify'], {
    env: { ...process.env, MURMUR_STORE: store },
    encoding: 'utf8',
  });
  // A store on the run's S3 server goes with the server's temporary folder.
  if (!store.startsWith('s3://')) rmSync(store, { recursive: true, force: true });
  if (verify.status !== 0)
    throw new Error(`verify-store found problems in the run's store:\n${verify.stdout}${verify.stderr}`);
  console.log(verify.stderr.trim());
}
