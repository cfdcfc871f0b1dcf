import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { appNames } from '@murmur/config/apps';
import { fileURLToPath } from 'node:url';
import { alterStoreFile } from './alterStoreFile';
import { serveFolder } from './folderServer';
import { otherEnvironment } from './otherEnvironment';
import { storeCommand } from './store';
import { feedRoot, signIn } from './support';

// A tab of a deployed composition may load one remote from elsewhere (docs/overriding-a-remote.md, "Overrides of one
// remote"). The live versions are copied into an environment of this file's own (ports 4030-4032; profile-mfe, which
// these tests do not visit, is left out), whose override setting the tests switch; the builds an override points at are
// copies of the live feed-mfe, changed, served by a plain static server on a port of the system's choosing, as a
// developer's machine would serve them.
let environment: Awaited<ReturnType<typeof otherEnvironment>>;
let builds: { folder: string; origin: string; close: () => Promise<void> };

/** What the changed build shows where the live one shows "Who to follow". */
const changedHeading = 'Who to follow, from the override';

// Every test signs in and loads its tab again through an override's flow, beside another worker on two busy cores:
// more than Playwright's 30 s.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

/**
 * How long a person waits for a remote after a load that goes through an override's flow: the tab loads the page
 * again with the policy it needs (twice for a copy of a tab, which lets the override go), asks the setting and the
 * manifests, then loads the remote within its own limit (remoteLoadTimeLimitMs, 12 s). On two busy cores a reload
 * of an overriding tab was seen to take 10 s.
 */
const overridingLoad = { timeout: 30_000 };

/** A copy of the live feed-mfe under `builds.folder/<name>`, its manifest and main chunk changed by `edit`. */
function feedCopy(
  name: string,
  edit: { manifest?: (manifest: Record<string, unknown>) => void; chunk?: (text: string) => string },
) {
  const live = join(environment.store, 'feed-mfe', environment.versions.get('feed-mfe') ?? '');
  const folder = join(builds.folder, name);
  // Only the files themselves: the static server below sends no precompressed variant.
  cpSync(live, folder, { recursive: true, filter: (file) => !/\.(br|gz)$/.test(file) });
  const manifestFile = join(folder, 'mf-manifest.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, unknown>;
  edit.manifest?.(manifest);
  writeFileSync(manifestFile, JSON.stringify(manifest));
  if (edit.chunk) {
    const chunks = readdirSync(join(folder, 'assets')).filter((file) => /^remote-[^/]+\.js$/.test(file));
    let changed = 0;
    for (const chunk of chunks) {
      const path = join(folder, 'assets', chunk);
      const text = readFileSync(path, 'utf8');
      const edited = edit.chunk(text);
      if (edited !== text) changed += 1;
      writeFileSync(path, edited);
    }
    if (changed === 0) throw new Error(`no chunk of feed-mfe's copy "${name}" changed`);
  }
  return `${builds.origin}/${name}/mf-manifest.json`;
}

/** A GET of the shell's `path` on a connection of its own, as a new visitor's first request is. */
function freshGet(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ policy: string; integrity: string | undefined; body: string }>((resolve, reject) => {
    httpGet(`${environment.origin('shell')}${path}`, { agent: false, headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () =>
        resolve({
          policy: String(response.headers['content-security-policy'] ?? ''),
          integrity: response.headers['integrity-policy'] as string | undefined,
          body,
        }),
      );
    }).on('error', reject);
  });
}

/** The query a tab that holds an override loads its page with (packages/release-checks/src/overrideAddress.js). */
const overriding = '?overriding=1';
/** The cookie it sets for that load, which no link carries (packages/release-checks/src/overrideAddress.js). */
const tabCookie = { Cookie: 'murmur-overriding=1' };

/**
 * Turns the environment's overrides on (for this machine) or off, and waits until its server says so to new visitors,
 * three times in a row: nginx follows the setting within its polling and reloads gracefully, its old worker answering a
 * moment longer (docs/overriding-a-remote.md, "Overrides of one remote"), and a page loaded from it would get the old
 * policy. Either way, a load that holds no override keeps the full policy.
 */
async function setOverrides(state: 'on' | 'off') {
  const result = storeCommand(['overrides', state, ...(state === 'on' ? ['--localhost'] : [])], {
    MURMUR_STORE: environment.store,
  });
  expect(result.status, result.stderr).toBe(0);
  expect(result.stdout).toContain(`overrides are ${state}`);
  const on = state === 'on';
  const answersSo = async () => {
    const setting = JSON.parse((await freshGet('/overrides.json')).body) as { enabled: boolean };
    const { policy } = await freshGet(`/${overriding}`, tabCookie);
    return setting.enabled === on && policy.includes('http://localhost:*') === on;
  };
  await expect
    .poll(async () => (await answersSo()) && (await answersSo()) && (await answersSo()), { timeout: 15_000 })
    .toBe(true);
  const visitor = await freshGet('/');
  expect(visitor.policy).not.toContain('http://localhost:*');
  expect(visitor.integrity).toBe('blocked-destinations=(script)');
  // A link asking for the weaker policy, in any spelling, carries no cookie: the full policy too.
  for (const query of [overriding, '?OVERRIDING=1'])
    expect((await freshGet(`/${query}`)).integrity, query).toBe('blocked-destinations=(script)');
}

const overrideAddress = (manifestUrl: string) =>
  `${environment.origin('shell')}/?override=${encodeURIComponent(`feed-mfe=${manifestUrl}`)}`;

/** Presses Apply on the proposal the address made, and waits for the page loaded again with the override. */
async function applyProposal(page: Page, manifestUrl: string) {
  const proposal = page.getByRole('status', { name: 'feed-mfe override proposed' });
  await expect(proposal).toContainText(manifestUrl);
  const loaded = page.waitForResponse((response) => new URL(response.url()).search === overriding);
  await proposal.getByRole('button', { name: 'Apply override' }).click();
  return loaded;
}

/** The live feed-mfe is on the page: its posts and its own heading. */
async function expectLiveFeed(page: Page) {
  await expect(feedRoot(page).getByRole('article').first()).toBeVisible(overridingLoad);
  await expect(feedRoot(page).getByText('Who to follow', { exact: true })).toBeVisible();
  await expect(page.getByText(changedHeading)).toHaveCount(0);
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const apps = appNames.filter((app) => app !== 'profile-mfe');
  environment = await otherEnvironment(apps, 4030, { served: apps });
  const folder = mkdtempSync(join(tmpdir(), 'murmur-override-builds-'));
  builds = { folder, ...(await serveFolder(folder)) };
  await setOverrides('on');
});

test.afterAll(async () => {
  await builds.close();
  rmSync(builds.folder, { recursive: true, force: true });
  await environment.close();
});

/** A copy of the live feed-mfe with its heading changed, so that a person can tell which one the page shows. */
const changedFeed = (name: string) =>
  feedCopy(name, { chunk: (text) => text.replaceAll('`Who to follow`', JSON.stringify(changedHeading)) });

/** Signs in through a link that proposes `manifestUrl` for feed-mfe, and presses Apply: the tab then holds it. */
async function signInWithOverride(page: Page, manifestUrl: string) {
  await signIn(page, overrideAddress(manifestUrl));
  const applied = await applyProposal(page, manifestUrl);
  await expect(page.getByRole('status', { name: `feed-mfe from ${manifestUrl}` })).toBeVisible(overridingLoad);
  await expect(feedRoot(page).getByText(changedHeading)).toBeVisible(overridingLoad);
  return applied;
}

test('a link only proposes an override: nothing of it runs until pressed, then the tab loads it', async ({ page }) => {
  // Sign-in, two loads, a reload, a clear and an axe scan: more than 30 s on two busy cores.
  test.setTimeout(180_000);
  const manifestUrl = changedFeed('changed');
  const fromBuilds: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(builds.origin)) fromBuilds.push(request.url());
  });
  // The link's load keeps the full policy: nothing from this machine's ports, every script checked.
  const response = await page.goto(overrideAddress(manifestUrl));
  expect(response?.headers()['content-security-policy']).not.toContain('http://localhost:*');
  expect(response?.headers()['integrity-policy']).toBe('blocked-destinations=(script)');
  await expect(page).toHaveURL(/\/auth$/);
  const proposal = page.getByRole('status', { name: 'feed-mfe override proposed' });
  await expect(proposal).toContainText(manifestUrl);
  await expect(proposal).toContainText(`from ${builds.origin}`);
  await page.getByLabel('Email').fill('mira@example.com');
  await page.getByLabel('Password').fill('murmur-demo');
  await page.getByRole('button', { name: 'Login to your account' }).click();
  await expectLiveFeed(page);
  expect(fromBuilds, 'a proposal asked the override for something').toEqual([]);

  // Pressed: the page loads again, with the weaker policy for this tab's load only, and the changed build.
  const applied = await applyProposal(page, manifestUrl);
  expect(applied.headers()['content-security-policy']).toMatch(/script-src [^;]*http:\/\/localhost:\*/);
  expect(applied.headers()['integrity-policy']).toBeUndefined();
  const badge = page.getByRole('status', { name: `feed-mfe from ${manifestUrl}` });
  await expect(badge).toBeVisible(overridingLoad);
  await expect(feedRoot(page).getByText(changedHeading)).toBeVisible(overridingLoad);
  await expect(feedRoot(page).getByRole('article').first()).toBeVisible();
  // The parameters are out of the address; the override stays for this tab, through a reload.
  expect(new URL(page.url()).search).toBe('');
  await page.reload();
  await expect(feedRoot(page).getByText(changedHeading)).toBeVisible(overridingLoad);
  await expect(badge).toBeVisible();

  const { violations } = await new AxeBuilder({ page }).include('[role="status"]').analyze();
  expect(violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);

  // Clear, by keyboard: the page loads again with the live feed-mfe, the full policy, and no badge.
  const cleared = page.waitForResponse((response) => response.url() === `${environment.origin('shell')}/`);
  const clear = badge.getByRole('button', { name: 'Clear override' });
  await clear.focus();
  await page.keyboard.press('Enter');
  expect((await cleared).headers()['integrity-policy']).toBe('blocked-destinations=(script)');
  await expectLiveFeed(page);
  await expect(page.getByRole('status', { name: /^feed-mfe/ })).toHaveCount(0);
  await page.reload();
  await expectLiveFeed(page);
});

test("an applied override is its tab's alone: a copy of it, another tab, another browser get the live remote", async ({
  page,
  browser,
}) => {
  // Two browsers, two sign-ins, four tabs: more than 30 s on two busy cores.
  test.setTimeout(180_000);
  const manifestUrl = changedFeed('changed-for-one-tab');
  await signInWithOverride(page, manifestUrl);
  // A copy of the tab: a browser copies the tab's sessionStorage into a tab it opens, as into a duplicated one.
  const [copy] = await Promise.all([
    page.context().waitForEvent('page'),
    page.evaluate(() => window.open(window.location.href)),
  ]);
  await expectLiveFeed(copy);
  await expect(copy.getByRole('status', { name: /^feed-mfe/ })).toHaveCount(0);
  await copy.reload();
  await expectLiveFeed(copy);
  await copy.close();
  const otherTab = await page.context().newPage();
  const otherLoad = await otherTab.goto(`${environment.origin('shell')}/`);
  expect(otherLoad?.headers()['integrity-policy']).toBe('blocked-destinations=(script)');
  await expectLiveFeed(otherTab);
  await expect(otherTab.getByRole('status', { name: /^feed-mfe from/ })).toHaveCount(0);
  await otherTab.close();
  const context = await browser.newContext();
  try {
    const other = await context.newPage();
    await signIn(other, `${environment.origin('shell')}/`);
    await expectLiveFeed(other);
  } finally {
    await context.close();
  }
  // The tab it was copied from keeps its override.
  await page.reload();
  await expect(feedRoot(page).getByText(changedHeading)).toBeVisible(overridingLoad);
});

test('an applied override lasts a working day in its tab, then the live remote is back', async ({ page }) => {
  const manifestUrl = changedFeed('for-a-day');
  await page.clock.install();
  await signInWithOverride(page, manifestUrl);
  await page.clock.fastForward('07:59:00');
  await page.reload();
  await expect(feedRoot(page).getByText(changedHeading)).toBeVisible(overridingLoad);
  await page.clock.fastForward('00:02:00');
  await page.reload();
  await expectLiveFeed(page);
  await expect(page.getByRole('status', { name: /^feed-mfe/ })).toHaveCount(0);
});

/** The shell's live version folder in this file's store. */
const shellFolder = () => join(environment.store, 'shell', environment.versions.get('shell') ?? '');

/** The file of the shell's development build (`dev/` of its version folder) whose name matches `pattern`. */
function developmentShellFile(pattern: RegExp) {
  const file = readdirSync(join(shellFolder(), 'dev', 'assets')).find((name) => pattern.test(name));
  if (!file) throw new Error(`the shell's development build has no file like ${pattern}`);
  return `dev/assets/${file}`;
}

/** A statement that, were it run, would leave its mark on the page (as integrity.spec.ts's). */
const appended = (file: string) => `\n;globalThis.__altered = ${JSON.stringify(file)};\n`;
const alteredMark = (page: Page) => page.evaluate(() => (globalThis as { __altered?: string }).__altered);

/** What `verify` says of this file's store of the shell's version: the file, changed. */
function expectVerifyNames(file: string) {
  const verify = storeCommand(['verify'], { MURMUR_STORE: environment.store });
  expect(verify.status).toBe(1);
  expect(verify.stdout).toContain(`shell/${environment.versions.get('shell')}: ${file} was changed`);
}

/**
 * The URLs the page's current document asks for of the shell's development build, each passed on unchanged. Routed,
 * so the browser's cache is off for the page (Playwright's routing turns it off): each load the early script maps
 * asks again.
 */
async function developmentShellRequests(page: Page) {
  const requested: string[] = [];
  // Each load starts the list afresh: what the page before it still asked for (a lazy chunk its timers reached) is
  // not the new load's.
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) requested.length = 0;
  });
  await page.route(
    (url) => url.origin === environment.origin('shell') && url.pathname.includes('/dev/'),
    (route) => {
      requested.push(route.request().url());
      return route.continue();
    },
  );
  return requested;
}

// A tab that holds an override runs the shell's development build (docs/overriding-a-remote.md, "Fast Refresh through
// an override"), under a policy without Integrity-Policy: the page's import map gives the hash of each of its scripts
// (docs/serving.md, "What the browser checks"), so a changed one is refused all the same.
test("a changed entry of the shell's development build never runs in a tab that holds an override", async ({
  page,
}) => {
  const manifestUrl = changedFeed('beside-a-changed-development-entry');
  const file = developmentShellFile(/^index-[^/]+\.js$/);
  const logged: string[] = [];
  page.on('console', (message) => logged.push(message.text()));
  const restore = alterStoreFile(join(shellFolder(), file), (text) => text + appended(file));
  try {
    expectVerifyNames(file);
    await signIn(page, overrideAddress(manifestUrl));
    // Apply: the tab loads its page again, with the override's policy, mapping the page's entry onto this file.
    const applied = await applyProposal(page, manifestUrl);
    expect(applied.headers()['integrity-policy']).toBeUndefined();
    await expect.poll(() => logged.filter((line) => line.includes(`/${file}`)).length).toBeGreaterThan(0);
    expect(await alteredMark(page)).toBeUndefined();
  } finally {
    restore();
  }
});

test("a changed chunk of the shell's development build never runs: its page shows the failure", async ({
  page,
  browser,
}) => {
  // Two sign-ins through an override's flow, in two browsers: more than 120 s on two busy cores is possible.
  test.setTimeout(180_000);
  const manifestUrl = changedFeed('beside-a-changed-development-chunk');
  const file = developmentShellFile(/^NotFound-[^/]+\.js$/);
  const logged: string[] = [];
  page.on('console', (message) => logged.push(message.text()));
  await signInWithOverride(page, manifestUrl);
  const restore = alterStoreFile(join(shellFolder(), file), (text) => text + appended(file));
  try {
    expectVerifyNames(file);
    // A new load of the tab: the shell loads it again with its override, running the development build, whose
    // not-found page is this file.
    await page.goto(`${environment.origin('shell')}/no/such/page`);
    await expect(page.getByRole('status', { name: `feed-mfe from ${manifestUrl}` })).toBeVisible(overridingLoad);
    await expect(page.getByRole('alert')).toContainText('Something went wrong on this page', overridingLoad);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    expect(await alteredMark(page)).toBeUndefined();
    expect(logged.filter((line) => line.includes(`/${file}`)).length, logged.join('\n')).toBeGreaterThan(0);
  } finally {
    restore();
  }
  // The released bytes back, a browser that has not kept the changed file runs it in a tab that holds the override.
  const context = await browser.newContext();
  try {
    const fresh = await context.newPage();
    const requested = await developmentShellRequests(fresh);
    await signInWithOverride(fresh, manifestUrl);
    // The load the tab asks for with its override, after the first, which runs the production build.
    const loaded = fresh.waitForResponse((response) => new URL(response.url()).search === overriding);
    await fresh.goto(`${environment.origin('shell')}/no/such/page`);
    await loaded;
    await expect(fresh.getByRole('heading', { name: 'Page not found' })).toBeVisible(overridingLoad);
    await expect.poll(() => requested.filter((url) => url.endsWith(`/${file}`)).length).toBeGreaterThan(0);
  } finally {
    await context.close();
  }
});

/**
 * Loads the tab's page asking for the policy of a tab that holds an override, as the tab itself asks for it
 * (shell/src/overrides/remoteOverrides.ts#loadAgain): the cookie the edge requires, the mark the early script requires
 * (`overridingLoadStorageKey`, shell/src/early/pageHandoff.ts), then the address with `?overriding=1`.
 */
async function askForOverridingLoad(page: Page) {
  await page.evaluate(() => {
    document.cookie = 'murmur-overriding=1; Max-Age=30; Path=/; SameSite=Strict';
    sessionStorage.setItem('murmur.overridingLoad', '1');
  });
  // The same tab (its sessionStorage kept), as the address bar loads it: the cookie goes with it.
  const response = await page.goto(`${environment.origin('shell')}/${overriding}`);
  expect(response?.headers()['integrity-policy']).toBeUndefined();
}

test("an expired override maps nothing: a load that asks for its policy runs the shell's production build", async ({
  page,
}) => {
  const manifestUrl = changedFeed('expired');
  const requested = await developmentShellRequests(page);
  await page.clock.install();
  await signInWithOverride(page, manifestUrl);
  // The tab holds it: its loads run the development build, and so does the load asked for as the tab asks.
  expect(requested.length, 'the tab that holds the override ran no development build').toBeGreaterThan(0);
  requested.length = 0;
  await askForOverridingLoad(page);
  await expect(feedRoot(page).getByText(changedHeading)).toBeVisible(overridingLoad);
  expect(requested.length).toBeGreaterThan(0);

  // A working day later, the same load: the early script finds the override expired and maps nothing; the shell
  // then lets it go and loads the page again with the full policy.
  await page.clock.fastForward('08:01:00');
  requested.length = 0;
  await askForOverridingLoad(page);
  await expectLiveFeed(page);
  await expect(page.getByRole('status', { name: /^feed-mfe/ })).toHaveCount(0);
  expect(requested).toEqual([]);
});

test('Alt+Shift+O opens a form that overrides a remote in this tab, as the parameter does', async ({ page }) => {
  const manifestUrl = changedFeed('from-the-panel');
  await signIn(page, `${environment.origin('shell')}/`);
  await expectLiveFeed(page);
  await page.keyboard.press('Alt+Shift+O');
  const panel = page.getByRole('dialog', { name: 'Override a remote in this tab' });
  await panel.getByLabel('Manifest URL').fill(manifestUrl);
  await panel.getByLabel('Remote').selectOption('feed-mfe');
  await panel.getByRole('button', { name: 'Override' }).click();
  await expect(page.getByRole('status', { name: `feed-mfe from ${manifestUrl}` })).toBeVisible(overridingLoad);
  await expect(feedRoot(page).getByText(changedHeading)).toBeVisible(overridingLoad);
  await page.getByRole('button', { name: 'Clear override' }).click();
  await expectLiveFeed(page);
});

const refused = [
  {
    what: 'a host outside the allowlist',
    manifest: () => 'http://murmur-dev.example:4032/mf-manifest.json',
    reason: 'http://murmur-dev.example:4032/mf-manifest.json is not allowed',
    // Refused from its address alone: nothing is offered to press.
    proposed: true,
  },
  {
    what: 'a manifest with another federation name',
    manifest: () =>
      feedCopy('renamed', {
        manifest: (manifest) => {
          manifest.name = 'profile_mfe';
        },
      }),
    reason: 'its federation name is profile_mfe, the pointer expects feed_mfe',
    proposed: false,
  },
  {
    what: 'a build against an incompatible shared version',
    manifest: () =>
      feedCopy('react-20', {
        manifest: (manifest) => {
          for (const shared of manifest.shared as { name: string; version: string; requiredVersion?: string }[])
            if (shared.name === 'react') Object.assign(shared, { version: '20.0.0', requiredVersion: '^20.0.0' });
        },
      }),
    reason: 'it needs react ^20.0.0, the live shell provides 19.',
    proposed: false,
  },
];

for (const { what, manifest, reason, proposed } of refused) {
  test(`an override to ${what} is refused with its reason, and the live feed-mfe keeps working`, async ({ page }) => {
    const manifestUrl = manifest();
    await signIn(page, overrideAddress(manifestUrl));
    if (!proposed) await applyProposal(page, manifestUrl);
    const badge = page.getByRole('status', { name: `feed-mfe override ${proposed ? 'proposed' : 'refused'}` });
    await expect(badge).toContainText(reason, overridingLoad);
    await expect(badge).toContainText(manifestUrl);
    await expectLiveFeed(page);
    // The live feed-mfe works: a like goes through.
    const like = feedRoot(page).getByRole('article').first().getByRole('button', { name: 'Like', exact: true });
    const pressed = await like.getAttribute('aria-pressed');
    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', pressed === 'true' ? 'false' : 'true');
    await expect(badge.getByRole('button', { name: 'Apply override' })).toHaveCount(0);
    await badge.getByRole('button', { name: proposed ? 'Dismiss' : 'Clear override' }).click();
    await expect(badge).toHaveCount(0);
    await expectLiveFeed(page);
  });
}

test('where overrides are off, the parameter does nothing and the policy does not allow the origin', async ({
  page,
}) => {
  const manifestUrl = changedFeed('changed-again');
  await setOverrides('off');
  try {
    // A load that says it holds an override gets the full policy all the same.
    const overridingPage = await freshGet(`/${overriding}`, tabCookie);
    expect(overridingPage.integrity).toBe('blocked-destinations=(script)');
    expect(overridingPage.policy).not.toContain('localhost:*');
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    const response = await page.goto(overrideAddress(manifestUrl));
    const policy = response?.headers()['content-security-policy'] ?? '';
    expect(policy).not.toContain('localhost:*');
    expect(policy).not.toContain(builds.origin);
    await expect(page).toHaveURL(/\/auth$/);
    await page.getByLabel('Email').fill('mira@example.com');
    await page.getByLabel('Password').fill('murmur-demo');
    await page.getByRole('button', { name: 'Login to your account' }).click();
    await expectLiveFeed(page);
    await expect(page.getByRole('status', { name: /^feed-mfe/ })).toHaveCount(0);
    expect(requested.filter((url) => url.startsWith(builds.origin))).toEqual([]);
    expect(await page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.includes('Override')))).toEqual(
      [],
    );
  } finally {
    await setOverrides('on');
  }
});

/** feed-mfe's dev server, as `pnpm --filter feed-mfe dev --port` starts it, on a port no edge of the tests takes. */
const devPort = 4039;

/**
 * Saves `text` as `file` as editors that write safely do: beside it, then renamed over it (e2e/dev/hot-update.spec.ts).
 */
function saveAtomically(file: string, text: string) {
  writeFileSync(`${file}.saving`, text);
  renameSync(`${file}.saving`, file);
}

/** Starts feed-mfe's dev server on `devPort`, and stops it when `body` is done. */
async function withDevServer(body: (feedFolder: string) => Promise<void>) {
  const feedFolder = fileURLToPath(new URL('../../feed-mfe/', import.meta.url));
  const dev = spawn('node_modules/.bin/vite', ['--port', String(devPort)], {
    cwd: feedFolder,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    await body(feedFolder);
  } finally {
    dev.kill();
  }
}

/** Waits for `url` to answer 200, as a dev server does once it has started (or built what it serves). */
async function answers(url: string) {
  await expect
    .poll(
      () =>
        fetch(url).then(
          (response) => response.status,
          () => 0,
        ),
      { timeout: 120_000 },
    )
    .toBe(200);
}

/** Edits `file` for the length of `body` (saved as editors that write safely do), and puts it back afterwards. */
async function whileEdited(file: string, edit: (source: string) => string, body: () => Promise<void>) {
  const original = readFileSync(file, 'utf8');
  const edited = edit(original);
  expect(edited, `the edit of ${file} changes nothing`).not.toBe(original);
  try {
    saveAtomically(file, edited);
    await body();
  } finally {
    saveAtomically(file, original);
  }
}

test("an edit of feed-mfe's source reaches an override of its dev server by Fast Refresh, keeping its state", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await withDevServer(async (feedFolder) => {
    // The dev server's own modules, made by React's development JSX runtime: the tab that holds the override runs the
    // shell's development build, which shares it.
    const manifestUrl = `http://localhost:${devPort}/mf-manifest.json`;
    await answers(manifestUrl);
    const manifest = (await (await fetch(manifestUrl)).json()) as { shared: { name: string }[] };
    expect(manifest.shared.map((shared) => shared.name)).toContain('react/jsx-dev-runtime');

    // The dev server adds feed-mfe's styles as elements: the tab's policy lets them in (by the page's nonce).
    const refused: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) refused.push(message.text());
    });
    await signIn(page, overrideAddress(manifestUrl));
    const applied = await applyProposal(page, manifestUrl);
    expect(applied.headers()['content-security-policy']).toMatch(/connect-src [^;]*ws:\/\/localhost:\*/);
    await expect(page.getByRole('status', { name: `feed-mfe from ${manifestUrl}` })).toBeVisible(overridingLoad);
    const draft = feedRoot(page).getByLabel("What's happening?");
    await draft.fill('a draft that Fast Refresh keeps');
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));

    await whileEdited(
      join(feedFolder, 'src/feed/Composer.tsx'),
      (source) => source.replace(/(\n\s*)Post(\n\s*<\/Button>)/, '$1Post it$2'),
      async () => {
        await expect(feedRoot(page).getByRole('button', { name: 'Post it', exact: true })).toBeVisible({
          timeout: 30_000,
        });
        await expect(draft).toHaveValue('a draft that Fast Refresh keeps');
        expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
      },
    );
    // Still signed in, the badge still up: only feed-mfe's component changed.
    await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
    await expect(page.getByRole('status', { name: `feed-mfe from ${manifestUrl}` })).toBeVisible(overridingLoad);
    expect(refused).toEqual([]);
  });
});

test("an edit of feed-mfe's source shows through an override of its dev server's watch build, with no reload", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await withDevServer(async (feedFolder) => {
    const manifestUrl = `http://localhost:${devPort}/_build/mf-manifest.json`;
    // The dev server starts, then builds on the first request for the build (as a developer's first visit would).
    await answers(manifestUrl);
    const manifest = (await (await fetch(manifestUrl)).json()) as { shared: { name: string }[] };
    expect(manifest.shared.map((shared) => shared.name)).not.toContain('react/jsx-dev-runtime');

    await signIn(page, overrideAddress(manifestUrl));
    await applyProposal(page, manifestUrl);
    await expect(page.getByRole('status', { name: `feed-mfe from ${manifestUrl}` })).toBeVisible(overridingLoad);
    await expect(feedRoot(page).getByText('Who to follow', { exact: true })).toBeVisible();
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));

    await whileEdited(
      join(feedFolder, 'src/feed/WhoToFollow.tsx'),
      (source) => source.replace(/(\n\s*)Who to follow(\n)/, '$1Who to follow, edited$2'),
      async () => {
        await expect(feedRoot(page).getByText('Who to follow, edited')).toBeVisible({ timeout: 120_000 });
        await expect(feedRoot(page).getByRole('article').first()).toBeVisible();
        expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
        // Still signed in, on the same page: only feed-mfe was loaded again.
        await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
      },
    );
  });
});
