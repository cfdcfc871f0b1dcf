import { expect, test, type Page } from '@playwright/test';
import { origins, signIn } from './support';

const profileCard = (page: Page) => page.locator('[data-remote="profile-mfe"]').getByRole('region', { name: 'Profile' });

async function openOwnProfile(page: Page) {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Your Profile' }).click();
  await expect(profileCard(page).getByRole('heading', { level: 1 })).toBeVisible();
}

test.describe('remotes prefetched while the feed is idle', () => {
  test('profile-mfe is fetched ahead from its own origin, once, and runs from there when visited', async ({ page, request }) => {
    const manifest = (await (await request.get(`${origins.profile}/mf-manifest.json`)).json()) as {
      exposes: { path: string; assets: { js: { sync: string[] } } }[];
    };
    const appScripts = manifest.exposes.find((expose) => expose.path === './app')?.assets.js.sync ?? [];
    expect(appScripts.length).toBeGreaterThan(0);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));

    await signIn(page);
    await expect(page.locator(`link[rel="modulepreload"][href^="${origins.profile}/"]`).first()).toBeAttached();
    // Every script of profile-mfe's screen was fetched from its origin before anyone asked for the profile…
    await expect.poll(() => appScripts.every((file) => requested.includes(`${origins.profile}/${file}`))).toBe(true);

    // …and the visit runs what was fetched: no second request for any of them.
    await openOwnProfile(page);
    for (const file of appScripts) {
      expect(requested.filter((url) => url === `${origins.profile}/${file}`), file).toHaveLength(1);
    }
  });

  test('a prefetch that fails changes nothing: the feed stays, and the profile loads when visited', async ({ page }) => {
    let failed = false;
    await page.route(
      `${origins.profile}/mf-manifest.json`,
      async (route) => {
        failed = true;
        await route.abort('connectionrefused');
      },
      { times: 1 },
    );

    await signIn(page);
    await expect.poll(() => failed, { timeout: 15_000 }).toBe(true);
    await expect(page.getByRole('article').first()).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);

    await openOwnProfile(page);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});
