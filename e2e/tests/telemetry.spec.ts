import { existsSync, readFileSync, readdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { appNames, remoteNames, type AppName } from '@murmur/config/apps';
import type { Report } from '@murmur/reports';
import { alterStoreFile } from './alterStoreFile';
import { otherEnvironment } from './otherEnvironment';
import { releaseChangedCopy, storeCommand } from './store';
import { feedRoot, signIn } from './support';

// The page's telemetry (docs/telemetry.md), in a store of this file's own on ports of its own (4050-4053), served by
// the embedded store server, whose shell origin takes the reports (POST /_telemetry) into the environment's report
// log. (The runs through nginx leave this file out: playwright.config.ts runs only the edge's own suites there.)
let environment: Awaited<ReturnType<typeof otherEnvironment>>;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  environment = await otherEnvironment(appNames, 4050);
});

test.afterAll(async () => {
  await environment?.close();
});

type Event = Report['events'][number];

/** Every event the store's collector has taken so far, with the page load that sent it, in the order they came. */
function collected(): (Event & { page: string })[] {
  // One folder an hour, one file a client network in it (packages/deploy/src/telemetry/reportWriter.js).
  const folder = environment.env.MURMUR_REPORT_LOG ?? '';
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => /^reports-\d{4}-\d\d-\d\dT\d\d\+0000$/.test(name))
    .flatMap((hour) =>
      readdirSync(join(folder, hour))
        .filter((name) => name.endsWith('.jsonl'))
        .flatMap((name) => readFileSync(join(folder, hour, name), 'utf8').split('\n')),
    )
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { received: string; report: string })
    .sort((a, b) => Date.parse(a.received) - Date.parse(b.received))
    .flatMap((line) => {
      // Each line holds the report as text (packages/deploy/src/telemetry/reportLog.js).
      const report = JSON.parse(line.report) as Report;
      return report.events.map((event) => ({ ...event, page: report.page }));
    });
}

/** The events of page loads that began after `before` events had been collected. */
const collectedSince = (before: number) => collected().slice(before);

/** Leaves the page as a person closing the tab would: it is hidden, then unloaded, and sends what it holds. */
async function leave(page: Page) {
  await page.goto('about:blank');
}

const phasesOf = (events: Event[], app: AppName, version: string) =>
  new Set(
    events.flatMap((event) =>
      event.type === 'load' && event.app === app && event.version === version ? [event.phase] : [],
    ),
  );

test('a session reports each remote it loaded, its live version, every load phase, none before the first post', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const before = collected().length;
  const beacons: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/_telemetry') beacons.push(request.url());
  });
  await signIn(page, `${environment.origin('shell')}/`);
  await expect(feedRoot(page).getByRole('article').first()).toBeVisible({ timeout: 30_000 });
  // (c) Nothing sent yet: the page sends when it is hidden or left, never on the way to the first post.
  expect(beacons).toEqual([]);
  expect(collectedSince(before)).toEqual([]);

  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Your Profile' }).click();
  const profile = page.locator('[data-remote="profile-mfe"]');
  await expect(profile.getByRole('region', { name: 'Profile' })).toBeVisible();
  // The profile read, its Posts section no longer busy: a parcel's mount ends a timer's turn after its screen shows
  // (single-spa-react), and a page left within that turn, on two busy cores, would not have measured it.
  await expect(profile.getByRole('region', { name: 'Posts' })).toHaveAttribute('aria-busy', 'false');
  await leave(page);

  await expect
    .poll(
      () => {
        const events = collectedSince(before);
        return remoteNames.map((app) => [app, [...phasesOf(events, app, environment.versions.get(app) ?? '')].sort()]);
      },
      { timeout: 20_000, message: "each remote's load phases, under its live version" },
    )
    // Loaded straight from their files: no remoteEntry, no container init (those are the runtime's path's phases).
    .toEqual(remoteNames.map((app) => [app, ['factory', 'manifest', 'mount']]));
  const events = collectedSince(before);
  expect(new Set(events.map((event) => event.page)).size, 'one page load').toBe(1);
  expect(events.filter((event) => event.type === 'error')).toEqual([]);
  // Nothing about versions the page did not run.
  for (const event of events) expect(event.version).toBe(environment.versions.get(event.app));
});

test('a signed-in cold load asks nothing for telemetry before the first post, and loads web-vitals after it', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const signingIn = await browser.newContext();
  await signIn(await signingIn.newPage(), `${environment.origin('shell')}/`);
  const session = await signingIn.storageState();
  await signingIn.close();
  // The signed-in person opens the feed in a browser with nothing cached. The page notes when its first post is in
  // the document; the browser's resource timing, when each request began.
  const context = await browser.newContext({ storageState: session });
  const page = await context.newPage();
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      if (!document.querySelector('[data-remote="feed-mfe"] article')) return;
      (window as { firstPostAt?: number }).firstPostAt = performance.now();
      observer.disconnect();
    });
    observer.observe(document, { subtree: true, childList: true });
  });
  await page.goto(`${environment.origin('shell')}/`);
  await expect(feedRoot(page).getByRole('article').first()).toBeVisible({ timeout: 30_000 });
  // A report sent, or the code that measures the web vitals (a chunk of its own, web-vitals.attribution-<hash>.js):
  // when each began, against when the first post was in.
  const telemetryRequests = () =>
    page.evaluate(() => {
      const firstPostAt = (window as { firstPostAt?: number }).firstPostAt ?? Infinity;
      return performance
        .getEntriesByType('resource')
        .filter(({ name }) => /\/_telemetry$|\/web-vitals/.test(new URL(name).pathname))
        .map((entry) => (entry.startTime < firstPostAt ? 'before' : 'after'));
    });
  // The vitals' code does load, once the feed has its posts and the page is idle; nothing of it before.
  await expect.poll(telemetryRequests, { timeout: 20_000 }).toContain('after');
  expect(await telemetryRequests()).not.toContain('before');
  await context.close();
});

test(
  "an error thrown in profile-mfe's code is reported as profile-mfe's, " +
    "under the version that threw, not the shell's",
  async ({ page }) => {
    test.setTimeout(240_000);
    // A copy of the live profile-mfe whose Edit Profile button throws when clicked, released and promoted there.
    const live = environment.versions.get('profile-mfe') ?? '';
    const handler = /onClick:\(\)=>\w+\(!0\),children:`Edit Profile`/;
    const throwing = 'onClick:()=>{throw new RangeError(`a bug in profile-mfe`)},children:`Edit Profile`';
    const { version: broken, file: patched } = await releaseChangedCopy('profile-mfe', live, environment.env, {
      script: "the chunk that renders profile-mfe's Edit Profile button",
      change: (text) => (handler.test(text) ? text.replace(handler, throwing) : null),
    });
    const promoted = storeCommand(['promote', 'profile-mfe', broken], environment.env);
    expect(promoted.status, promoted.stderr).toBe(0);

    try {
      const before = collected().length;
      await signIn(page, `${environment.origin('shell')}/`);
      await expect(feedRoot(page).getByRole('article').first()).toBeVisible({ timeout: 30_000 });
      await page.getByRole('button', { name: 'User menu' }).click();
      await page.getByRole('menuitem', { name: 'Your Profile' }).click();
      const card = page.locator('[data-remote="profile-mfe"]').getByRole('region', { name: 'Profile' });
      await card.getByRole('button', { name: 'Edit Profile' }).click();
      await leave(page);

      const errors = () => collectedSince(before).filter((event) => event.type === 'error');
      await expect.poll(() => errors().length, { timeout: 20_000, message: 'the error reported' }).toBeGreaterThan(0);
      expect(errors()).toEqual([
        expect.objectContaining({
          app: 'profile-mfe',
          version: broken,
          kind: 'runtime',
          name: 'RangeError',
          script: `/${broken}/${patched}`,
        }),
      ]);
      // The same page load counted profile-mfe's version as loaded, so its error rate has the page.
      expect(phasesOf(collectedSince(before), 'profile-mfe', broken)).toContain('mount');
    } finally {
      const back = storeCommand(['promote', 'profile-mfe', live], environment.env);
      expect(back.status, back.stderr).toBe(0);
    }
  },
);

/** feed-mfe's main chunk in this file's store: the file of its live version `./app` loads first. */
function feedMainChunk() {
  const live = environment.versions.get('feed-mfe') ?? '';
  const folder = join(environment.store, 'feed-mfe', live);
  const manifest = JSON.parse(readFileSync(join(folder, 'mf-manifest.json'), 'utf8'));
  const app = (manifest.exposes as { path: string; assets: { js: { sync: string[] } } }[]).find(
    (expose) => expose.path === './app',
  );
  const chunk = app?.assets.js.sync.find((file) => /^assets\/remote-[^/]+\.js$/.test(file)) ?? '';
  expect(chunk, "feed-mfe's main chunk").not.toBe('');
  return { live, path: join(folder, chunk) };
}

/** Signs in with feed-mfe failing to load, leaves, and answers the errors the page reported. */
async function feedFailureReported(page: Page) {
  const before = collected().length;
  await signIn(page, `${environment.origin('shell')}/`);
  await expect(page.getByRole('alert').filter({ hasText: 'could not be loaded' })).toContainText('feed-mfe');
  await leave(page);
  const errors = () => collectedSince(before).filter((event) => event.type === 'error');
  await expect.poll(() => errors().length, { timeout: 20_000, message: 'the failure reported' }).toBeGreaterThan(0);
  return errors();
}

test("a file of feed-mfe the browser refuses by its integrity is reported as feed-mfe's, kind integrity", async ({
  page,
}) => {
  test.setTimeout(120_000);
  // Changed in the store after its release: the page is answered it whole, and refuses it.
  const { live, path } = feedMainChunk();
  const restore = alterStoreFile(path, (text) => `${text}\n;globalThis.__altered = true;\n`);
  try {
    for (const error of await feedFailureReported(page)) {
      expect(error).toMatchObject({ app: 'feed-mfe', version: live, kind: 'integrity' });
      expect(error).toHaveProperty('script', expect.stringMatching(new RegExp(`^/${live}/assets/[^/]+\\.js$`)));
    }
  } finally {
    restore();
  }
});

test("a file of feed-mfe the server does not have is reported as feed-mfe's, kind load, not integrity", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { live, path } = feedMainChunk();
  const moved = ['', '.br', '.gz'].filter((suffix) => existsSync(path + suffix));
  for (const suffix of moved) renameSync(path + suffix, `${path}${suffix}.away`);
  try {
    for (const error of await feedFailureReported(page)) {
      expect(error).toMatchObject({ app: 'feed-mfe', version: live, kind: 'load' });
    }
  } finally {
    for (const suffix of moved) renameSync(`${path}${suffix}.away`, path + suffix);
  }
});
