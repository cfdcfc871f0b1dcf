import { expect, type Page } from '@playwright/test';
import { monolithPort, ports } from '@murmur/config/ports';

export const DEMO = { email: 'mira@example.com', password: 'murmur-demo', username: 'miraokafor' } as const;

export const origins = {
  // The composed app, or the benchmark's single-bundle baseline (playwright.config.ts, MURMUR_BASELINE).
  shell: `http://localhost:${process.env.MURMUR_BASELINE ? monolithPort : ports.shell}`,
  auth: `http://localhost:${ports['auth-mfe']}`,
  feed: `http://localhost:${ports['feed-mfe']}`,
  profile: `http://localhost:${ports['profile-mfe']}`,
} as const;

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

/** A request the page opened: its method, its URL as the page asked for it, and where the page was then. */
export interface OpenedRequest {
  method: string;
  url: string;
  pathname: string;
}

/**
 * Records every request the page opens from its first script on, and answers a function that reads them. The mock
 * back end answers inside the page (Mirage puts its own XMLHttpRequest in place when it starts), out of Playwright's
 * network events, so they are read where the page opens them, whichever XMLHttpRequest is installed.
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
        opened.push({ method: args[0].toUpperCase(), url: String(args[1]), pathname: location.pathname });
        return open.apply(this, args);
      } as typeof open;
    };
    let current = window.XMLHttpRequest;
    watch(current);
    Object.defineProperty(window, 'XMLHttpRequest', {
      configurable: true,
      get: () => current,
      set: (value: typeof XMLHttpRequest) => {
        watch(value);
        current = value;
      },
    });
  });
  return () => page.evaluate(() => (window as unknown as { __openedRequests: OpenedRequest[] }).__openedRequests);
}
