import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { signIn } from './support';

const feedDir = join(import.meta.dirname, '..', '..', 'feed-mfe');
const vite = join(feedDir, 'node_modules', '.bin', 'vite');
const port = 4012;
const label = `redeployed-${Date.now()}`;
let outDir = '';
let server: ChildProcess | undefined;

test.describe('redeploying a remote without rebuilding the shell', () => {
  test.describe.configure({ timeout: 180_000 });

  test.beforeAll(async () => {
    outDir = mkdtempSync(join(tmpdir(), 'murmur-feed-'));
    const env = { ...process.env, MURMUR_PORT: String(port), VITE_BUILD_LABEL: label };
    execFileSync(vite, ['build', '--outDir', outDir, '--emptyOutDir'], { cwd: feedDir, env, stdio: 'pipe' });
    server = spawn(vite, ['preview', '--outDir', outDir], { cwd: feedDir, env, stdio: 'ignore' });
    await expect
      .poll(async () => (await fetch(`http://localhost:${port}/mf-manifest.json`).catch(() => null))?.status, { timeout: 30_000 })
      .toBe(200);
  });

  test.afterAll(() => {
    server?.kill();
    if (outDir) rmSync(outDir, { recursive: true, force: true });
  });

  test('the shell shows the new build of feed-mfe once remotes.json points at it', async ({ page }) => {
    await signIn(page);
    const feed = page.locator('[data-remote="feed-mfe"]');
    await expect(feed).toBeVisible();
    await expect(feed).not.toHaveAttribute('data-build', label);

    // The operator's side of a redeploy: remotes.json, served beside the shell's index.html, names the new build.
    await page.route(/\/remotes\.json(\?.*)?$/, async (route) => {
      const locations = await (await route.fetch()).json();
      await route.fulfill({ json: { ...locations, murmur_feed: `http://localhost:${port}/mf-manifest.json` } });
    });
    await page.reload();
    await expect(page.locator('[data-remote="feed-mfe"]')).toHaveAttribute('data-build', label);
    await expect(page.getByRole('article').first()).toBeVisible();
  });
});
