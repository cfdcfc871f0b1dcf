import { expect, test, type Page, type Response } from '@playwright/test';
import { DEMO, exposeFileOf, origins, runtimePlumbing, signIn } from './support';

// docs/architecture.md, "The served page": the shell's page arrives with what the browser would otherwise ask for
// before it could fetch the opening screen's data, resolved for each browser by the store server and, in the nginx
// runs, as promote wrote it for each route's owner.

/** Every URL the browser fetches from here on (the mock back end answers /api inside the page: never seen here). */
function recordFetched(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  return urls;
}

/** The links of the page the browser was sent that fetch remotes' files ahead of use, with their integrity. */
async function linkedFiles(document: Response | null) {
  const html = (await document?.text()) ?? '';
  const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1] ?? '';
  return [...html.matchAll(/<link\b[^>]*>/g)]
    .map(([tag]) => tag)
    .filter((tag) => ['modulepreload', 'preload'].includes(attribute(tag, 'rel')))
    .map((tag) => {
      const href = attribute(tag, 'href');
      return { origin: new URL(href, origins.shell).origin, href, integrity: attribute(tag, 'integrity') };
    })
    .filter(({ origin }) => origin !== origins.shell);
}

test(
  'the feed opens with what its posts need linked from the page, ' + 'asking for neither remotes.json nor its manifest',
  async ({ page }) => {
    const firstPost = page.locator('[data-remote="feed-mfe"] article').first();
    await signIn(page);
    await expect(firstPost).toBeVisible();

    const fetched = recordFetched(page);
    const links = await linkedFiles(await page.reload());
    await expect(firstPost).toBeVisible();

    // (Once the feed is in, the other remotes are prefetched, manifests and all: only feed-mfe's is asked about.)
    expect(fetched.filter((url) => url.endsWith('/remotes.json'))).toEqual([]);
    expect(fetched.filter((url) => url.startsWith(origins.feed) && url.endsWith('/mf-manifest.json'))).toEqual([]);
    // The page names feed-mfe's data preload's own file and what it imports, and only feed-mfe's (no remoteEntry: the
    // page loads it without the runtime), each with the integrity recorded at release, and the browser fetched them.
    expect(links.map(({ href }) => href)).toContain(await exposeFileOf(page, 'feed-mfe', './preload'));
    expect(links.filter(({ href }) => runtimePlumbing.test(href))).toEqual([]);
    for (const { origin, href, integrity } of links) {
      expect(origin, href).toBe(origins.feed);
      expect(integrity, href).toMatch(/^sha384-/);
      expect(fetched, href).toContain(href);
    }
  },
);

test('the sign-in screen opens from the page that names auth-mfe, and signing in leads on to the feed', async ({
  page,
}) => {
  const fetched = recordFetched(page);
  const links = await linkedFiles(await page.goto('/auth'));
  await expect(page.getByLabel('Email')).toBeVisible();
  expect(fetched.filter((url) => url.endsWith('/remotes.json'))).toEqual([]);
  expect(fetched.filter((url) => url.startsWith(origins.auth) && url.endsWith('/mf-manifest.json'))).toEqual([]);
  expect(links.length).toBeGreaterThan(0);
  for (const { origin, href } of links) expect(origin, href).toBe(origins.auth);

  // The feed was not on the page the browser was sent: its remote is found as any later route's is.
  await page.getByLabel('Email').fill(DEMO.email);
  await page.getByLabel('Password').fill(DEMO.password);
  await page.getByRole('button', { name: 'Login to your account' }).click();
  await expect(page.locator('[data-remote="feed-mfe"] article').first()).toBeVisible();
});
