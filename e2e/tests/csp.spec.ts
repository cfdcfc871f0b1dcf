import { expect, test, type Page } from '@playwright/test';
import { collectErrors } from './store';
import { signIn, visitFeedProfileAndBookmarks } from './support';

type Recorded = { __violations: string[]; __injected?: string };

/** Every Content-Security-Policy violation the page reports, from its first script on, as "directive blocked". */
async function recordViolations(page: Page) {
  await page.addInitScript(() => {
    const violations: string[] = [];
    Object.assign(window, { __violations: violations });
    document.addEventListener('securitypolicyviolation', (event) =>
      violations.push(`${event.effectiveDirective} ${event.blockedURI}`),
    );
  });
  return () => page.evaluate(() => (window as unknown as Recorded).__violations);
}

/** The nonce the response's policy gives its scripts. */
const nonceOf = (policy: string | undefined) => /script-src [^;]*'nonce-([^']+)'/.exec(policy ?? '')?.[1];

test("each page load gets a policy with a nonce of its own, which the page's scripts carry", async ({ page }) => {
  const nonces: (string | undefined)[] = [];
  for (const load of [() => page.goto('/'), () => page.reload()]) {
    const response = await load();
    const nonce = nonceOf(response?.headers()['content-security-policy']);
    expect(nonce).toMatch(/^[\w+/=-]{16,}$/);
    const scripts = await page.evaluate(() => [...document.scripts].map((script) => script.nonce));
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.every((scriptNonce) => scriptNonce === nonce)).toBe(true);
    nonces.push(nonce);
  }
  expect(nonces[1]).not.toBe(nonces[0]);
});

test('the composed app signs in and shows the feed, profile and bookmarks with no policy violation', async ({
  page,
}) => {
  const violations = await recordViolations(page);
  const errors = collectErrors(page);
  await signIn(page);
  await visitFeedProfileAndBookmarks(page);
  expect(await violations()).toEqual([]);
  expect(errors).toEqual([]);
});

test('an inline script added without the nonce is refused and reported; with it, it runs', async ({ page }) => {
  const violations = await recordViolations(page);
  await page.goto('/');
  await expect(page.getByLabel('Email')).toBeVisible();
  const inject = (withNonce: boolean) =>
    page.evaluate((withNonce) => {
      const script = document.createElement('script');
      if (withNonce) script.nonce = document.scripts[0]?.nonce ?? '';
      script.textContent = `window.__injected = ${JSON.stringify(withNonce ? 'with nonce' : 'without')};`;
      document.body.append(script);
      return (window as unknown as Recorded).__injected ?? null;
    }, withNonce);

  expect(await inject(false)).toBeNull();
  await expect.poll(violations).toEqual(['script-src-elem inline']);
  expect(await inject(true)).toBe('with nonce');
  expect(await violations()).toEqual(['script-src-elem inline']);
});
