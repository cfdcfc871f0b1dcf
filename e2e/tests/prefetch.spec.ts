import { expect, test, type Page } from '@playwright/test';
import { exposeFileOf, federationRuntimes, origins, runtimePlumbing, signIn } from './support';

const profileCard = (page: Page) =>
  page.locator('[data-remote="profile-mfe"]').getByRole('region', { name: 'Profile' });

async function openOwnProfile(page: Page) {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Your Profile' }).click();
  await expect(profileCard(page).getByRole('heading', { level: 1 })).toBeVisible();
}

test.describe('remotes prefetched while the feed is idle', () => {
  test('profile-mfe is fetched ahead from its origin, used once visited, and runs with no federation runtime', async ({
    page,
  }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    const fromProfile = () => requested.filter((url) => url.startsWith(`${origins.profile}/`));

    await signIn(page);
    // Its screen's own file and the scripts it imports are fetched from its origin before anyone asks for the profile…
    await expect(page.locator(`link[rel="modulepreload"][href^="${origins.profile}/"]`).first()).toBeAttached();
    const screenFile = await exposeFileOf(page, 'profile-mfe');
    await expect.poll(() => fromProfile().includes(screenFile)).toBe(true);
    await expect.poll(() => fromProfile().filter((url) => url.endsWith('.js')).length).toBeGreaterThan(3);
    const ahead = fromProfile().filter((url) => url.endsWith('.js'));

    // …and the visit runs what was fetched: none of them is asked for again.
    await openOwnProfile(page);
    for (const url of ahead)
      expect(
        requested.filter((other) => other === url),
        url,
      ).toHaveLength(1);

    // Neither the runtime nor any of its plumbing was needed, from any origin: promote linked the page.
    expect(await federationRuntimes(page)).toBe(0);
    expect(requested.filter((url) => runtimePlumbing.test(url))).toEqual([]);
  });

  test('a prefetch that fails changes nothing: the feed stays, and the profile loads when visited', async ({
    page,
  }) => {
    let failed = false;
    await page.route(
      `${origins.profile}/*/mf-manifest.json`,
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
