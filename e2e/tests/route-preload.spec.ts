import { expect, test, type Page } from '@playwright/test';
import { installProbe, readMarks } from '../bench/probe.mjs';
import { DEMO, exposeFileOf, holdRequests, origins, recordRequests, signIn } from './support';

interface Expose {
  path: string;
  assets: { js: { sync: string[] } };
}

/** The files of feed-mfe's screen (`./app`) that its data preload (`./preload`) does not need, and the latter's own. */
async function feedFiles(page: Page) {
  const remotes = (await (await page.request.get(`${origins.shell}/remotes.json`)).json()) as Record<string, string>;
  const manifestUrl = remotes['feed-mfe'] ?? '';
  const manifest = (await (await page.request.get(manifestUrl)).json()) as { exposes: Expose[] };
  const files = (path: string) =>
    (manifest.exposes.find((expose) => expose.path === path)?.assets.js.sync ?? []).map(
      (file) => new URL(file, manifestUrl).href,
    );
  const preload = files('./preload');
  expect(preload.length).toBeGreaterThan(0);
  const preloadModule = preload.find((file) => /\/preload-[^/]*\.js$/.test(file)) ?? '';
  return { manifestUrl, appOnly: files('./app').filter((file) => !preload.includes(file)), preloadModule };
}

const firstPost = (page: Page) => page.locator('[data-remote="feed-mfe"] article').first();

test.describe("the route's data, asked beside its remote's code", () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(installProbe);
    await signIn(page);
    await expect(firstPost(page)).toBeVisible();
  });

  test("the feed's posts are asked while its screen's code is on its way, and shown from that one request", async ({
    page,
  }) => {
    const { manifestUrl, appOnly } = await feedFiles(page);
    expect(appOnly.length).toBeGreaterThan(0);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    // From here on, the screen's own code answers 1.5 s late: the posts must not wait for it.
    await page.route(
      (url) => appOnly.includes(url.href),
      async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        await route.continue();
      },
    );
    await page.reload();
    await expect(firstPost(page)).toBeVisible();

    const marks = await readMarks(page);
    const codeArrived = await page.evaluate(
      (files) =>
        Math.min(
          ...performance
            .getEntriesByType('resource')
            .filter((entry) => files.includes(entry.name))
            .map((entry) => (entry as PerformanceResourceTiming).responseEnd),
        ),
      appOnly,
    );
    expect(codeArrived).toBeGreaterThan(1_500);
    expect(marks.postsAsked).toBeLessThan(codeArrived);
    // The screen found the page its preload asked for: one request, not two.
    expect(marks.postsAskedTimes).toBe(1);
    // The served page carries the remote's manifest (docs/architecture.md, "The served page"), and the federation
    // runtime took that copy: the page does not ask for it at all.
    expect(requested.filter((url) => url === manifestUrl)).toEqual([]);
  });

  for (const [failure, answer] of [
    ['whose module cannot be loaded', { status: 404, body: 'not found' }],
    [
      'that throws',
      {
        status: 200,
        contentType: 'text/javascript',
        body: "export const preload = () => { throw new Error('a broken preload'); };",
      },
    ],
  ] as const) {
    test(`a preload ${failure} leaves the feed working: it asks for its posts itself`, async ({ page }) => {
      const { preloadModule } = await feedFiles(page);
      const warnings: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'warning') warnings.push(message.text());
      });
      let served = false;
      await page.route(preloadModule, async (route) => {
        served = true;
        await route.fulfill(answer);
      });
      await page.reload();

      await expect(firstPost(page)).toBeVisible();
      expect(served).toBe(true);
      await expect(page.getByRole('alert')).toHaveCount(0);
      expect((await readMarks(page)).postsAskedTimes).toBe(1);
      expect(warnings.some((text) => text.includes('could not preload the data of /'))).toBe(true);
      // The other pages of the remote work too.
      await page.getByRole('link', { name: 'Explore' }).click();
      await expect(page.getByRole('heading', { name: 'Explore' })).toBeVisible();
      await expect(firstPost(page)).toBeVisible();
    });
  }
});

test(
  "once the feed's code is in, its posts are asked the moment the login answers, " +
    'before the page has left the login screen, and once',
  async ({ page }) => {
    const requests = await recordRequests(page);
    const releaseLogin = await holdRequests(page, 'POST', /\/api\/auth\/login$/);
    const preloadFile = await exposeFileOf(page, 'feed-mfe', './preload');
    const fetched: string[] = [];
    page.on('requestfinished', (request) => fetched.push(request.url()));
    // The feed's data preload is in once its file was fetched and has been evaluated (an import of the same URL then
    // answers the page's own module, and asks nothing).
    const preloadIn = async () =>
      fetched.includes(preloadFile) && (await page.evaluate((url) => import(url).then(() => true), preloadFile));
    await page.goto(`${origins.shell}/auth`);
    await page.getByLabel('Email').fill(DEMO.email);
    await page.getByLabel('Password').fill(DEMO.password);
    await page.getByRole('button', { name: 'Login to your account' }).click();
    // While the login is on its way, the feed's code loads. How long that takes on a busy machine is no promise of the
    // app's, so the login's answer is held here until the code is in: from then on, the order below is the app's.
    await expect.poll(preloadIn).toBe(true);
    await releaseLogin();

    await expect(firstPost(page)).toBeVisible();
    await expect(page).toHaveURL(`${origins.shell}/`);
    // Where the page was when each list of posts was asked for.
    const postsAsked = (await requests()).filter(
      ({ method, url }) => method === 'GET' && /\/api\/posts(\?|$)/.test(url),
    );
    expect(postsAsked.map(({ pathname }) => pathname)).toEqual(['/auth']);
  },
);
