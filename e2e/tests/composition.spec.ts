import { expect, test } from '@playwright/test';
import { appNames } from '@murmur/config/apps';
import { navLinks, routeOwners } from '@murmur/config/routes';
import {
  expectRouteScreen,
  exposeFileOf,
  federationRuntimes,
  feedRoot,
  originOf,
  origins,
  routeVisits,
  runtimePlumbing,
  signIn,
} from './support';

/** A label as the start of a link's name: NewsFeed's may go on with its count of new posts. */
const startingWith = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

test.describe('composition of the shell and its remotes', () => {
  test(
    "every route shows its remote's screen, each app's code from its own origin, straight from its files, " +
      'with no federation runtime',
    async ({ page }) => {
      // Every route of the route table, each a page of its own, and one move between remotes inside the page.
      test.setTimeout(60_000);
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(request.url());
      });
      /** Loads `address` as a page of its own and waits for its remote's screen, loaded without the runtime. */
      const visit = async (address: string) => {
        await page.goto(address);
        await expect(page).toHaveURL(`${origins.shell}${address}`);
        await expectRouteScreen(page);
        expect(await federationRuntimes(page), address).toBe(0);
      };
      // The signed-out routes before signing in (with a session they lead on), the others after.
      for (const { address } of routeVisits.filter((route) => route.session === 'signed-out')) await visit(address);
      await signIn(page);
      await expect(page.locator('[data-remote="feed-mfe"]')).toBeVisible();
      await page.getByRole('button', { name: 'User menu' }).click();
      await page.getByRole('menuitem', { name: 'Your Profile' }).click();
      await expect(page.locator('[data-remote="profile-mfe"]')).toBeVisible();
      expect(await federationRuntimes(page)).toBe(0);
      for (const { address } of routeVisits.filter((route) => route.session === 'required')) await visit(address);

      for (const app of appNames) {
        expect(
          scripts.some((url) => url.startsWith(`${originOf(app)}/`)),
          `scripts from ${app}`,
        ).toBe(true);
      }
      // Each screen's module is imported from its own file; no remoteEntry, no runtime: promote linked the page.
      for (const remote of routeOwners) expect(scripts, remote).toContain(await exposeFileOf(page, remote));
      expect(scripts.filter((url) => runtimePlumbing.test(url))).toEqual([]);
    },
  );

  test("the top bar has a link for each of the route table's destinations, each leading to its screen", async ({
    page,
  }) => {
    await signIn(page);
    const bar = page.getByRole('navigation', { name: 'Main' });
    await expect(bar.getByRole('listitem').getByRole('link')).toHaveCount(navLinks.length);
    // From the last to the first, so that each click moves the page (it opened on the first, the feed).
    for (const { path, label } of [...navLinks].reverse()) {
      const link = bar.getByRole('link', { name: startingWith(label) });
      await expect(link).toHaveAttribute('href', path);
      await link.click();
      await expect(page).toHaveURL(`${origins.shell}${path}`);
      await expect(link).toHaveAttribute('aria-current', 'page');
      await expectRouteScreen(page);
    }
  });

  test('a remote whose share wrappers miss a module the shell put on the page still shows, via the runtime', async ({
    page,
  }) => {
    // As if the shell had put the router where the remotes' wrappers do not read it (the plugin's way of reading
    // changed): the shell's writes of its keys are lost; the federation runtime's later ones land.
    await page.addInitScript(() => {
      const lost = new Set(['default:@murmur/router', '@murmur/router']);
      const share = new Proxy({} as Record<string | symbol, unknown>, {
        set(target, key, value) {
          if (typeof key === 'string' && lost.delete(key)) return true;
          target[key] = value;
          return true;
        },
      });
      Object.assign(globalThis, { __mf_module_cache__: { share, remote: {} } });
    });
    await signIn(page);
    await expect(feedRoot(page).getByRole('article').first()).toBeVisible();
    expect(await federationRuntimes(page)).toBeGreaterThan(0);
  });

  test("React, react-dom, data layer, mock server are each evaluated once; every root uses the shell's store", async ({
    page,
  }) => {
    // A stand-in for the React DevTools hook: every copy of react-dom that is evaluated registers itself with it.
    await page.addInitScript(() => {
      const renderers = new Map<number, unknown>();
      Object.assign(window, {
        __REACT_DEVTOOLS_GLOBAL_HOOK__: {
          renderers,
          supportsFiber: true,
          isDisabled: false,
          inject(renderer: unknown) {
            renderers.set(renderers.size + 1, renderer);
            return renderers.size;
          },
          checkDCE() {},
          onCommitFiberRoot() {},
          onCommitFiberUnmount() {},
          onPostCommitFiberRoot() {},
          onScheduleFiberRoot() {},
        },
      });
    });
    await signIn(page);
    await expect(page.locator('[data-remote="feed-mfe"]')).toBeVisible();
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Your Profile' }).click();
    await expect(page.locator('[data-remote="profile-mfe"]')).toBeVisible();

    const counts = await page.evaluate(() => {
      const w = window as unknown as {
        __REACT_DEVTOOLS_GLOBAL_HOOK__: { renderers: Map<number, unknown> };
        __murmurEvaluations?: Record<string, number>;
        __murmurSharedInstances?: Record<string, unknown[]>;
      };
      const reports = w.__murmurSharedInstances ?? {};
      return {
        reactDomCopies: w.__REACT_DEVTOOLS_GLOBAL_HOOK__.renderers.size,
        dataEvaluations: w.__murmurEvaluations?.['@murmur/data'] ?? 0,
        mockServerEvaluations: w.__murmurEvaluations?.['@murmur/mock-api'] ?? 0,
        reactReports: reports.react?.length ?? 0,
        distinctReacts: new Set(reports.react).size,
        distinctReactDomClients: new Set(reports['react-dom/client']).size,
        // The shell reports the store it made at boot first; each React root then reports the store its tree reads.
        storeReports: reports['jotai store']?.length ?? 0,
        distinctStores: new Set(reports['jotai store']).size,
      };
    });
    expect(counts.dataEvaluations).toBe(1);
    expect(counts.mockServerEvaluations).toBe(1);
    expect(counts.reactDomCopies).toBe(1);
    // The shell, auth-mfe, feed-mfe and profile-mfe each reported the React they render with: one object.
    expect(counts.reactReports).toBe(4);
    expect(counts.distinctReacts).toBe(1);
    expect(counts.distinctReactDomClients).toBe(1);
    // The shell's store, then the roots of auth-mfe, feed-mfe and profile-mfe (at least once each): one object, so no
    // root fell back to Jotai's default store or made its own.
    expect(counts.storeReports).toBeGreaterThanOrEqual(4);
    expect(counts.distinctStores).toBe(1);
  });

  test("signing in inside auth-mfe shows the shell's top bar without a reload", async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('button', { name: 'User menu' })).toHaveCount(0);
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
    await page.getByLabel('Email').fill('mira@example.com');
    await page.getByLabel('Password').fill('murmur-demo');
    await page.getByRole('button', { name: 'Login to your account' }).click();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'NewsFeed' })).toBeVisible();
    await expect(page).toHaveURL(`${origins.shell}/`);
    expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  });

  test("a link inside one remote switches to another remote's route, and the shell's links switch back", async ({
    page,
  }) => {
    await signIn(page);
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
    const feed = page.locator('[data-remote="feed-mfe"]');
    const author = feed.getByRole('article').first().getByRole('link').first();
    const username = (await author.textContent())?.replace('@', '').trim();
    await author.click();
    await expect(page).toHaveURL(new RegExp(`/profile/${username}$`));
    await expect(page.locator('[data-remote="profile-mfe"]')).toBeVisible();
    await expect(feed).toHaveCount(0);

    await page.getByRole('link', { name: 'Explore' }).click();
    await expect(page).toHaveURL(/\/explore$/);
    await expect(page.locator('[data-remote="feed-mfe"]')).toBeVisible();
    await page.goBack();
    await expect(page.locator('[data-remote="profile-mfe"]')).toBeVisible();
    expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  });
});
