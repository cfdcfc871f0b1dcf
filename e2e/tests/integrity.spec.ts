import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { appNames, type AppName, type RemoteName } from '@murmur/config/apps';
import { routeOwners } from '@murmur/config/routes';
import { alterStoreFile } from './alterStoreFile';
import { otherEnvironment } from './otherEnvironment';
import { storeCommand } from './store';
import { firstRouteOf, signIn } from './support';

// Whoever can change a file of a version folder must not change what a page runs (docs/serving.md, "What the
// browser checks"). The live versions are copied into a store of this file's own, served on ports of its own, so
// that the files it changes disturb no other test.
let environment: Awaited<ReturnType<typeof otherEnvironment>>;
/** A file of the live version of `app` in this file's store. */
const liveFile = (app: AppName, file: string) =>
  join(environment.store, app, environment.versions.get(app) ?? '', file);

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  environment = await otherEnvironment(appNames, 4020);
});

test.afterAll(async () => {
  await environment.close();
});

/**
 * Changes a file of the live version of `app` as `edit` says, its precompressed variants too; answers a function
 * that puts back the released bytes.
 */
const alterLiveFile = (app: AppName, file: string, edit: (text: string) => string) =>
  alterStoreFile(liveFile(app, file), edit);

/** What `verify` says of this file's store: each changed file, by name. */
function verified() {
  const verify = storeCommand(['verify'], { MURMUR_STORE: environment.store });
  return { status: verify.status, problems: verify.stdout };
}

/** A statement that, were it run, would leave its mark on the page. */
const appended = (file: string) => `\n;globalThis.__altered = ${JSON.stringify(file)};\n`;
/** A rule that, were it applied, would leave its mark on the page. */
const appendedRule = (file: string) => `\n:root{--altered:${JSON.stringify(file)}}\n`;

/** The mark a changed file left on the page, if it ran or was applied. */
const alteredMark = (page: Page) =>
  page.evaluate(
    () =>
      (globalThis as { __altered?: string }).__altered ??
      (getComputedStyle(document.documentElement).getPropertyValue('--altered') || undefined),
  );

/** Of feed-mfe's manifest, the files `./app` lists of one kind that match `pattern`. */
function feedAppFile(kind: 'js' | 'css', pattern: RegExp) {
  const manifest = JSON.parse(readFileSync(liveFile('feed-mfe', 'mf-manifest.json'), 'utf8'));
  const app = (manifest.exposes as { path: string; assets: Record<typeof kind, { sync: string[] }> }[]).find(
    (expose) => expose.path === './app',
  );
  const file = app?.assets[kind].sync.find((name) => pattern.test(name));
  if (!file) throw new Error(`feed-mfe's manifest lists no ${kind} file like ${pattern} for ./app`);
  return file;
}

/** The file of `remote`'s `./app` itself, its screen's module, as its manifest names it. */
function appEntryOf(remote: RemoteName) {
  const manifest = JSON.parse(readFileSync(liveFile(remote, 'mf-manifest.json'), 'utf8'));
  const app = (manifest.exposes as { path: string; murmurEntry?: string }[]).find((expose) => expose.path === './app');
  if (!app?.murmurEntry) throw new Error(`${remote}'s manifest names no file of its own for ./app`);
  return app.murmurEntry;
}

/** Each file of feed-mfe to change, and the address where the browser that meets it opens the app. */
const feedFiles: { kind: string; file: () => string; edit: (text: string, file: string) => string; start: string }[] = [
  // Its main chunk: the module of its screen.
  {
    kind: 'main chunk',
    file: () => feedAppFile('js', /^assets\/remote-[^/]+\.js$/),
    edit: (text, file) => text + appended(file),
    start: '/',
  },
  {
    kind: 'stylesheet',
    file: () => feedAppFile('css', /\.css$/),
    edit: (text, file) => text + appendedRule(file),
    start: '/',
  },
  // Its screen's own file, which the page imports straight.
  { kind: 'screen file', file: () => appEntryOf('feed-mfe'), edit: (text, file) => text + appended(file), start: '/' },
  // Still valid JSON that would load: only its bytes tell it from the released one. The feed's own page carries the
  // manifest released (packages/deploy/src/page/resolvedPage.js); the sign-in page does not, so the browser asks for
  // it.
  { kind: 'manifest', file: () => 'mf-manifest.json', edit: (text) => `${text} `, start: '/auth' },
];

for (const { kind, file: fileOf, edit, start } of feedFiles) {
  test(`a changed ${kind} of feed-mfe never runs: its place shows the failure, Retry too, till it is restored`, async ({
    page,
  }) => {
    const file = fileOf();
    const logged: string[] = [];
    page.on('console', (message) => logged.push(message.text()));
    const restore = alterLiveFile('feed-mfe', file, (text) => edit(text, file));
    try {
      const { status, problems } = verified();
      expect(status).toBe(1);
      expect(problems).toContain(`feed-mfe/${environment.versions.get('feed-mfe')}: ${file} was changed`);

      await signIn(page, `${environment.origin('shell')}${start}`);
      const failure = page.getByRole('alert').filter({ hasText: 'could not be loaded' });
      await expect(failure).toContainText('feed-mfe');
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
      expect(await alteredMark(page)).toBeUndefined();
      expect(logged.filter((line) => line.includes(`/${file}`)).length, logged.join('\n')).toBeGreaterThan(0);
      // Reported once, naming the remote; once more for each Retry, never in a loop.
      const reports = () => logged.filter((line) => line.startsWith('feed-mfe could not be loaded')).length;
      await expect.poll(reports).toBe(1);

      // Retry asks again, is refused again, and stops there.
      await page.getByRole('button', { name: 'Retry' }).click();
      await expect(failure).toHaveCount(1);
      await expect(failure).toContainText('feed-mfe');
      expect(await alteredMark(page)).toBeUndefined();
      await expect.poll(reports).toBe(2);
    } finally {
      restore();
    }
    // The released bytes are back: Retry loads the feed, in the same page.
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.locator('[data-remote="feed-mfe"]').getByRole('article').first()).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'could not be loaded' })).toHaveCount(0);
    expect(await alteredMark(page)).toBeUndefined();
  });
}

// Every remote that owns a route, one added to the tables included: its screen's own file, changed, never runs where
// its first route opens; the failure stands in its place, naming it.
for (const remote of routeOwners) {
  test(`a changed screen file of ${remote} never runs: its first route shows the failure, naming it`, async ({
    page,
  }) => {
    const route = firstRouteOf(remote);
    if (!route) throw new Error(`${remote} owns no route`);
    const file = appEntryOf(remote);
    const restore = alterLiveFile(remote, file, (text) => text + appended(file));
    try {
      const { status, problems } = verified();
      expect(status).toBe(1);
      expect(problems).toContain(`${remote}/${environment.versions.get(remote)}: ${file} was changed`);

      const address = `${environment.origin('shell')}${route.address}`;
      // A route that needs a session is reached through the sign-in screen, which leads back to it.
      if (route.session === 'required') await signIn(page, address);
      else await page.goto(address);
      await expect(page.getByRole('alert').filter({ hasText: 'could not be loaded' })).toContainText(remote);
      expect(await alteredMark(page)).toBeUndefined();
    } finally {
      restore();
    }
  });
}

/** Signs in on this file's shell in a browser of its own, which has kept none of the changed files, and visits. */
async function inFreshBrowser(browser: Browser, visit: (page: Page) => Promise<void>) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await signIn(page, `${environment.origin('shell')}/`);
    await visit(page);
  } finally {
    await context.close();
  }
}

/** The file of the shell's live version whose path in its folder matches `pattern`. */
function shellFile(pattern: RegExp) {
  const file = readdirSync(liveFile('shell', 'assets'))
    .map((name) => `assets/${name}`)
    .find((name) => pattern.test(name));
  if (!file) throw new Error(`the shell's live version has no file like ${pattern}`);
  return file;
}

test('a changed early script never runs: the page carries the one released, and never asks for the file', async ({
  page,
}) => {
  const file = shellFile(/^assets\/early-script-[^/]+\.js$/);
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  const restore = alterLiveFile('shell', file, (text) => text + appended(file));
  try {
    const { status, problems } = verified();
    expect(status).toBe(1);
    expect(problems).toContain(`shell/${environment.versions.get('shell')}: ${file} was changed`);

    // Promote wrote the released script into the live page (packages/deploy/src/page/livePage.js): it runs, and the
    // remotes it checks load.
    await page.goto(`${environment.origin('shell')}/`);
    await expect(page.getByLabel('Email')).toBeVisible();
    expect(await alteredMark(page)).toBeUndefined();
    expect(requested.filter((url) => url.endsWith(`/${file}`))).toEqual([]);
  } finally {
    restore();
  }
});

// The page's own entry (its module script, checked by the import map's integrity) and the chunk it imports.
for (const [kind, pattern] of [
  ['entry', /^assets\/index-[^/]+\.js$/],
  ['chunk', /^assets\/shell-[^/]+\.js$/],
] as const) {
  test(`a changed ${kind} of the shell never runs; restored, the next visitor's page boots`, async ({
    page,
    browser,
  }) => {
    const file = shellFile(pattern);
    const logged: string[] = [];
    page.on('console', (message) => logged.push(message.text()));
    const restore = alterLiveFile('shell', file, (text) => text + appended(file));
    try {
      await page.goto(`${environment.origin('shell')}/`);
      await expect.poll(() => logged.filter((line) => line.includes(`/${file}`)).length).toBeGreaterThan(0);
      expect(await alteredMark(page)).toBeUndefined();
    } finally {
      restore();
    }
    // A browser that has not kept the changed file: the page boots as released.
    await inFreshBrowser(browser, async (fresh) => {
      await expect(fresh.locator('[data-remote="feed-mfe"]').getByRole('article').first()).toBeVisible();
    });
  });
}

test('a changed chunk the shell loads after boot never runs: that page shows the failure, the top bar stays', async ({
  page,
  browser,
}) => {
  const file = shellFile(/^assets\/NotFound-[^/]+\.js$/);
  const logged: string[] = [];
  page.on('console', (message) => logged.push(message.text()));
  await signIn(page, `${environment.origin('shell')}/`);
  const restore = alterLiveFile('shell', file, (text) => text + appended(file));
  try {
    expect(verified().problems).toContain(`shell/${environment.versions.get('shell')}: ${file} was changed`);
    await page.goto(`${environment.origin('shell')}/no/such/page`);
    await expect(page.getByRole('alert')).toContainText('Something went wrong on this page');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    expect(await alteredMark(page)).toBeUndefined();
    expect(logged.filter((line) => line.includes(`/${file}`)).length, logged.join('\n')).toBeGreaterThan(0);
  } finally {
    restore();
  }
  // The released bytes are back. A browser that kept the changed file in its cache (immutable, like every file of a
  // version) goes on refusing it; one that has not shows the page.
  await inFreshBrowser(browser, async (fresh) => {
    await fresh.goto(`${environment.origin('shell')}/no/such/page`);
    await expect(fresh.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(fresh.getByRole('navigation', { name: 'Main' })).toBeVisible();
  });
});

test('a script in a live version folder that no release lists is blocked, even where a page asks for it', async ({
  page,
}) => {
  const file = 'assets/unreleased.js';
  writeFileSync(liveFile('feed-mfe', file), appended(file));
  try {
    await signIn(page, `${environment.origin('shell')}/`);
    const url = `${environment.origin('feed-mfe')}/${environment.versions.get('feed-mfe')}/${file}`;
    // The server sends it; the page refuses to run it, having no integrity for it.
    expect(await page.evaluate(async (address) => (await fetch(address)).text(), url)).toContain('__altered');
    const imported = await page.evaluate(
      (address) =>
        import(address).then(
          () => 'ran',
          (error: Error) => `refused: ${error.message}`,
        ),
      url,
    );
    expect(imported).toMatch(/^refused/);
    expect(await alteredMark(page)).toBeUndefined();
  } finally {
    rmSync(liveFile('feed-mfe', file));
  }
});
