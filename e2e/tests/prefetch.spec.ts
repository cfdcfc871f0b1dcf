import { expect, test, type Page } from '@playwright/test';
import { origins, signIn } from './support';

const profileCard = (page: Page) =>
  page.locator('[data-remote="profile-mfe"]').getByRole('region', { name: 'Profile' });

async function openOwnProfile(page: Page) {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Your Profile' }).click();
  await expect(profileCard(page).getByRole('heading', { level: 1 })).toBeVisible();
}

test.describe('remotes prefetched while the feed is idle', () => {
  test("profile-mfe is fetched ahead from its own origin, used once visited, and runs on the shell's federation runtime", async ({
    page,
  }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    const fromProfile = () => requested.filter((url) => url.startsWith(`${origins.profile}/`));

    await signIn(page);
    // Its entry and the scripts of its screen are fetched from its origin before anyone asks for the profile…
    await expect(page.locator(`link[rel="modulepreload"][href^="${origins.profile}/"]`).first()).toBeAttached();
    await expect.poll(() => fromProfile().some((url) => url.endsWith('/remoteEntry.js'))).toBe(true);
    await expect.poll(() => fromProfile().filter((url) => url.endsWith('.js')).length).toBeGreaterThan(3);
    const ahead = fromProfile().filter((url) => url.endsWith('.js'));

    // …and the visit runs what was fetched: none of them is asked for again.
    await openOwnProfile(page);
    for (const url of ahead)
      expect(
        requested.filter((other) => other === url),
        url,
      ).toHaveLength(1);

    // The shell's, feed-mfe's and profile-mfe's federation instances are made by one runtime.
    const runtimes = await page.evaluate(() => {
      const federation = (
        globalThis as { __FEDERATION__?: { __INSTANCES__: { name: string; constructor: unknown }[] } }
      ).__FEDERATION__;
      const instances = federation?.__INSTANCES__ ?? [];
      return {
        names: instances.map((instance) => instance.name),
        classes: new Set(instances.map((instance) => instance.constructor)).size,
      };
    });
    expect(runtimes.names).toEqual(expect.arrayContaining(['shell', 'feed_mfe', 'profile_mfe']));
    expect(runtimes.classes).toBe(1);
    // …and only the shell's copy of it (and of rolldown's runtime helpers) is fetched: the remotes' copies, byte for
    // byte the same, are never asked for.
    const core = (await page.locator('script[data-runtime-core]').getAttribute('data-runtime-core'))?.split(' ') ?? [];
    expect(core.some((file) => file.includes('federation-runtime'))).toBe(true);
    for (const file of core) {
      const coreRequests = requested.filter((url) => url.endsWith(`/${file}`));
      expect(coreRequests, file).toHaveLength(1);
      expect(coreRequests[0]?.startsWith(`${origins.shell}/`), file).toBe(true);
    }
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
