import { expect, type Page } from '@playwright/test';
import { apps, monolithPort, type AppName, type RemoteName } from '@murmur/config/apps';
import { routes, type RouteName } from '@murmur/config/routes';

export const DEMO = { email: 'mira@example.com', password: 'murmur-demo', username: 'miraokafor' } as const;

/**
 * Where `app` is served, on its port of the apps table; the shell's is the benchmark's single-bundle baseline's under
 * MURMUR_BASELINE (playwright.config.ts).
 */
export const originOf = (app: AppName) =>
  `http://localhost:${app === 'shell' && process.env.MURMUR_BASELINE ? monolithPort : apps[app].port}`;

/** The origins of the apps whose own screens a test is about. */
export const origins = {
  shell: originOf('shell'),
  auth: originOf('auth-mfe'),
  feed: originOf('feed-mfe'),
  profile: originOf('profile-mfe'),
} as const;

/**
 * A real value for each `:name` part of the route table's paths, for the suites that visit every route: the demo
 * account's, whom they sign in as. A route added with a part not named here fails `addressOf`, saying so.
 */
const paramValues: Record<string, string> = { profileID: DEMO.username };

/** A path of the route table with each `:name` part given its value from `paramValues`: an address to visit. */
function addressOf(path: string): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = paramValues[name];
    if (value === undefined) {
      throw new Error(`no value for :${name} of the route ${path}: give it one in paramValues, e2e/tests/support.ts`);
    }
    return encodeURIComponent(value);
  });
}

/** Every route of the route table, in its order, with an address to visit it at. */
export const routeVisits = (Object.keys(routes) as RouteName[]).map((name) => ({
  name,
  path: routes[name].path,
  remote: routes[name].remote,
  session: routes[name].session,
  address: addressOf(routes[name].path),
}));

/** The first route of the route table `remote` owns, if any: where its screen is visited, composed or alone. */
export const firstRouteOf = (remote: RemoteName) => routeVisits.find((route) => route.remote === remote);

/** Where `remote` running alone is visited: its first route on its own port, or its root where it owns none. */
export const aloneAddressOf = (remote: RemoteName) => `${originOf(remote)}${firstRouteOf(remote)?.address ?? '/'}`;

/**
 * Waits for the screen of the remote that owns the page's route: its first level-one heading visible (the shell draws
 * none beside a remote, and a remote still loading, or failed, shows none), and no failure notice (every one is an
 * alert), nor the shell's not-found page.
 */
export async function expectRouteScreen(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0);
}

/** Where feed-mfe draws its screens in the composed app. */
export const feedRoot = (page: Page) => page.locator('[data-remote="feed-mfe"]');

/** Moves through the composed app with its own links and menu, as a person would, without loading a page. */
export async function visitFeedProfileAndBookmarks(page: Page) {
  const bar = page.getByRole('navigation');
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Your Profile' }).click();
  // The demo user's own posts, drawn by feed-mfe's UserPostList inside profile-mfe.
  await expect(page.locator('[data-remote="profile-mfe"]').getByText('has not posted anything yet')).toBeVisible();
  await bar.getByRole('link', { name: 'Bookmark' }).click();
  await expect(page).toHaveURL(/\/bookmark$/);
  await expect(feedRoot(page).getByRole('heading', { level: 1, name: /bookmark/i })).toBeVisible();
  await bar.getByRole('link', { name: 'NewsFeed' }).click();
  await expect(feedRoot(page).getByRole('article').first()).toBeVisible();
}

/** Signs in through the login screen of the composed app, as a person would, and waits for the feed. */
export async function signIn(page: Page, path = '/') {
  await page.goto(path);
  await expect(page).toHaveURL(/\/auth$/);
  await page.getByLabel('Email').fill(DEMO.email);
  await page.getByLabel('Password').fill(DEMO.password);
  await page.getByRole('button', { name: 'Login to your account' }).click();
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
}

/**
 * Records, from the first script of the page on, whether `selector` ever matched an element: a state that lasts
 * one mock round trip (400 ms) can come and go between two polls of an assertion on a busy machine.
 */
export async function watchFor(page: Page, name: string, selector: string) {
  await page.addInitScript(
    ({ name, selector }) => {
      const seen = ((window as unknown as { __seen?: Record<string, boolean> }).__seen ??= {});
      const check = () => {
        if (document.querySelector(selector)) seen[name] = true;
      };
      new MutationObserver(check).observe(document, {
        subtree: true,
        childList: true,
        attributes: true,
        characterData: true,
      });
    },
    { name, selector },
  );
  return async () =>
    page.evaluate((key) => (window as unknown as { __seen?: Record<string, boolean> }).__seen?.[key] ?? false, name);
}

/**
 * A request the page opened: its method, its URL as the page asked for it, where the page was then, and whether its
 * answer (or failure) has reached the page yet.
 */
export interface OpenedRequest {
  method: string;
  url: string;
  pathname: string;
  answered: boolean;
}

/**
 * Records every request the page opens from its first script on, and answers a function that reads them. The mock
 * back end answers inside the page (Mirage puts its own XMLHttpRequest in place when it starts), out of Playwright's
 * network events, so they are read where the page opens them, whichever XMLHttpRequest is installed. Works beside
 * `holdRequests`, either first.
 */
export async function recordRequests(page: Page): Promise<() => Promise<OpenedRequest[]>> {
  await page.addInitScript(() => {
    const opened: OpenedRequest[] = [];
    Object.assign(window, { __openedRequests: opened });
    const watch = (Xhr: typeof XMLHttpRequest | undefined) => {
      const proto = Xhr?.prototype as (XMLHttpRequest & { __recorded?: true }) | undefined;
      if (!proto || proto.__recorded) return;
      const open = proto.open;
      proto.__recorded = true;
      proto.open = function (this: XMLHttpRequest, ...args: Parameters<typeof open>) {
        const request = { method: args[0].toUpperCase(), url: String(args[1]), pathname: location.pathname };
        const entry: OpenedRequest = { ...request, answered: false };
        opened.push(entry);
        this.addEventListener('loadend', () => (entry.answered = true));
        return open.apply(this, args);
      } as typeof open;
    };
    // Another hook of the same property (holdRequests) keeps working: this one passes everything on to it.
    const previous = Object.getOwnPropertyDescriptor(window, 'XMLHttpRequest');
    let current = window.XMLHttpRequest;
    watch(current);
    Object.defineProperty(window, 'XMLHttpRequest', {
      configurable: true,
      get: () => (previous?.get ? previous.get.call(window) : current),
      set: (value: typeof XMLHttpRequest) => {
        watch(value);
        if (previous?.set) previous.set.call(window, value);
        else current = value;
      },
    });
  });
  return () => page.evaluate(() => (window as unknown as { __openedRequests: OpenedRequest[] }).__openedRequests);
}

/** Whether each request the page opened to a URL matching `url` has been answered yet, in the order opened. */
export const answeredTo = async (requests: () => Promise<OpenedRequest[]>, url: RegExp): Promise<boolean[]> =>
  (await requests()).filter((request) => url.test(request.url)).map((request) => request.answered);

/**
 * Holds every request the page opens with `method` to a URL matching `url` until the function answered is called, as
 * a slow network would: for a test that needs something in place before the answer lands. The mock back end answers
 * inside the page, so the request is held there, before it reaches it. Works beside `recordRequests`, either first.
 */
export async function holdRequests(page: Page, method: string, url: RegExp): Promise<() => Promise<void>> {
  await page.addInitScript(
    ({ method, source }) => {
      const matches = new RegExp(source);
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      Object.assign(window, { __releaseHeldRequests: release });
      const held = new WeakSet<XMLHttpRequest>();
      const hold = (Xhr: typeof XMLHttpRequest | undefined) => {
        const proto = Xhr?.prototype as (XMLHttpRequest & { __holding?: true }) | undefined;
        if (!proto || proto.__holding) return;
        proto.__holding = true;
        const { open, send } = proto;
        proto.open = function (this: XMLHttpRequest, ...args: Parameters<typeof open>) {
          if (args[0].toUpperCase() === method && matches.test(String(args[1]))) held.add(this);
          return open.apply(this, args);
        } as typeof open;
        proto.send = function (this: XMLHttpRequest, ...args: Parameters<typeof send>) {
          if (!held.has(this)) return send.apply(this, args);
          void released.then(() => send.apply(this, args));
        };
      };
      // Another hook of the same property (recordRequests) keeps working: this one passes everything on to it.
      const previous = Object.getOwnPropertyDescriptor(window, 'XMLHttpRequest');
      let current = window.XMLHttpRequest;
      hold(current);
      Object.defineProperty(window, 'XMLHttpRequest', {
        configurable: true,
        get: () => (previous?.get ? previous.get.call(window) : current),
        set: (value: typeof XMLHttpRequest) => {
          hold(value);
          if (previous?.set) previous.set.call(window, value);
          else current = value;
        },
      });
    },
    { method: method.toUpperCase(), source: url.source },
  );
  return () =>
    page.evaluate(() => (window as unknown as { __releaseHeldRequests: () => void }).__releaseHeldRequests());
}

/**
 * The URL of `remote`'s `expose` own file, as the manifest remotes.json names for it says (`murmurEntry`): the file a
 * page loads straight, with no federation runtime (docs/architecture.md, "The linked first load").
 */
export async function exposeFileOf(page: Page, remote: RemoteName, expose = './app'): Promise<string> {
  const remotes = (await (await page.request.get(`${origins.shell}/remotes.json`)).json()) as Record<string, string>;
  const manifestUrl = remotes[remote] ?? '';
  const manifest = (await (await page.request.get(manifestUrl)).json()) as {
    exposes: { path: string; murmurEntry?: string }[];
  };
  const file = manifest.exposes.find((entry) => entry.path === expose)?.murmurEntry;
  if (!file) throw new Error(`${remote}'s manifest names no file of its own for ${expose}`);
  return new URL(file, manifestUrl).href;
}

/** How many federation runtimes (distinct classes of federation instance) the page has evaluated. */
export const federationRuntimes = (page: Page) =>
  page.evaluate(() => {
    const federation = (globalThis as { __FEDERATION__?: { __INSTANCES__?: { constructor: unknown }[] } })
      .__FEDERATION__;
    return new Set((federation?.__INSTANCES__ ?? []).map((instance) => instance.constructor)).size;
  });

/** The scripts of the federation runtime and its plumbing, which a page that loads remotes directly never asks for. */
export const runtimePlumbing =
  /\/(remoteEntry[^/]*|federation-runtime-[^/]*|hostInit-[^/]*|mf-entry-bootstrap-[^/]*)\.js$/;

/**
 * Runs `step` over `items`, `size` at a time, answering the results in the order of `items`: visitors who load side by
 * side, as people do, in less time than one after another.
 */
export async function inGroups<T, R>(items: readonly T[], size: number, step: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += size)
    results.push(...(await Promise.all(items.slice(start, start + size).map(step))));
  return results;
}
