import fc from 'fast-check';
import { expect, test, type Page } from '@playwright/test';
import { DEMO } from './support';

/** Fixed, so a failure replays exactly; change it to explore another walk. */
const SEED = 20261123;
const WALK_MS = 60_000;
const ROUTES = [
  '/',
  '/bookmark',
  '/explore',
  `/profile/${DEMO.username}`,
  '/profile/tomaslind',
  '/profile/nobody',
  '/auth',
  '/no/such/page',
];
const KEYS = ['Escape', 'Enter', 'Tab', 'Shift+Tab', 'ArrowDown', 'Space'];

const action = fc.oneof(
  { weight: 12, arbitrary: fc.record({ kind: fc.constant('click' as const), pick: fc.nat() }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('type' as const),
      pick: fc.nat(),
      text: fc.string({ unit: 'grapheme', maxLength: 40 }),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('key' as const), key: fc.constantFrom(...KEYS) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('goto' as const), route: fc.constantFrom(...ROUTES) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('back' as const) }) },
);
type Action = typeof action extends fc.Arbitrary<infer T> ? T : never;

/**
 * Scrolls the `pick`-th visible element matching `selector` into view and answers its centre, or null if none. Links
 * that leave the app are left out: the walk stays on Murmur.
 */
function target(page: Page, selector: string, pick: number) {
  return page.evaluate(
    ({ selector, pick }) => {
      const candidates = [...document.querySelectorAll<HTMLElement>(selector)].filter((element) => {
        if (element instanceof HTMLAnchorElement && new URL(element.href, location.href).origin !== location.origin)
          return false;
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
      });
      const element = candidates[pick % Math.max(candidates.length, 1)];
      if (!element) return null;
      element.scrollIntoView({ block: 'center' });
      const box = element.getBoundingClientRect();
      return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    },
    { selector, pick },
  );
}

async function perform(page: Page, step: Action) {
  switch (step.kind) {
    case 'click': {
      const point = await target(
        page,
        'a[href], button, [role="menuitem"], [role="tab"], input, textarea, summary',
        step.pick,
      );
      if (point) await page.mouse.click(point.x, point.y);
      return;
    }
    case 'type': {
      const point = await target(page, 'input:not([type="file"]), textarea', step.pick);
      if (!point) return;
      await page.mouse.click(point.x, point.y);
      await page.keyboard.type(step.text);
      return;
    }
    case 'key':
      await page.keyboard.press(step.key);
      return;
    case 'goto':
      await page.goto(step.route);
      return;
    case 'back':
      await page.goBack().catch(() => null);
  }
}

/** Something meaningful is on screen: text in the app's root (a skeleton carries its "Loading…" text). */
const rootText = (page: Page) => page.evaluate(() => document.getElementById('root')?.textContent?.trim().length ?? 0);

test('a fixed-seed random walk of clicks and typing over every route: no uncaught error, never a blank screen', async ({
  page,
  context,
}) => {
  test.setTimeout(WALK_MS + 60_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  page.on('dialog', (dialog) => void dialog.dismiss());
  // A link that opens a new tab (a profile's website, Share) is closed at once: the walk stays in this page.
  context.on('page', (opened) => void opened.close());

  const steps = fc.sample(fc.array(action, { minLength: 2000, maxLength: 2000 }), { seed: SEED, numRuns: 1 })[0] ?? [];
  await page.goto('/auth');
  const started = Date.now();
  let onAuth = 0;
  let done = 0;
  for (const step of steps) {
    if (Date.now() - started > WALK_MS) break;
    // Signed out for a while: sign in again, so the walk spends its minute on every route, not on the login form.
    onAuth = new URL(page.url()).pathname === '/auth' ? onAuth + 1 : 0;
    if (onAuth > 4) {
      await page.goto('/auth');
      // A login the walk itself pressed may have landed meanwhile: then /auth sends the page on, signed in.
      const email = page.getByLabel('Email');
      await expect(email.or(page.getByRole('navigation', { name: 'Main' }))).toBeVisible();
      if (await email.isVisible()) {
        await email.fill(DEMO.email);
        await page.getByLabel('Password').fill(DEMO.password);
        await page.getByRole('button', { name: 'Login to your account' }).click();
      }
      onAuth = 0;
    }
    await perform(page, step);
    done++;
    await expect
      .poll(() => rootText(page), {
        message: `blank screen after step ${done} ${JSON.stringify(step)} at ${page.url()}`,
        timeout: 5_000,
      })
      .toBeGreaterThan(0);
    expect(errors, `after step ${done} ${JSON.stringify(step)}`).toEqual([]);
  }
  console.log(`monkey: ${done} steps in ${Math.round((Date.now() - started) / 1000)} s, seed ${SEED}`);
  expect(done).toBeGreaterThan(50);
});
