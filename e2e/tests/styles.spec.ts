import { expect, test } from '@playwright/test';
import { signIn } from './support';

/**
 * Each app ships its own Tailwind stylesheet. A remote's utilities are scoped to its root element, so they cannot
 * leak onto the shell or another remote, and the order in which the page loads the sheets cannot change them.
 */
test("a remote's utilities style its own root and nothing outside it", async ({ page }) => {
  await signIn(page);
  await page.goto('/profile/tomaslind');
  // feed-mfe's post list inside profile-mfe's page: both remotes' sheets are loaded.
  await expect(page.locator('[data-murmur-app="feed-mfe"]').getByRole('article').first()).toBeVisible();

  const probe = await page.evaluate(async () => {
    const rules = (list: CSSRuleList, scope: string | null, out: { selector: string; scope: string | null }[]) => {
      for (const rule of Array.from(list)) {
        if (rule instanceof CSSScopeRule) rules(rule.cssRules, rule.start ?? '', out);
        else if (rule instanceof CSSStyleRule) out.push({ selector: rule.selectorText, scope });
        else if (rule instanceof CSSGroupingRule) rules(rule.cssRules, scope, out);
      }
      return out;
    };
    // Other origins' sheets hide their rules from this page's CSSOM; read each sheet the page loaded anew.
    const urls = performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((url) => url.endsWith('.css'));
    const sheets = await Promise.all(
      urls.map(async (url) => {
        const sheet = new CSSStyleSheet();
        sheet.replaceSync(await (await fetch(url)).text());
        return sheet;
      }),
    );
    const all = sheets.flatMap((sheet) => rules(sheet.cssRules, null, []));
    const unscoped = new Set(all.filter((rule) => rule.scope === null).map((rule) => rule.selector));
    // A colour utility only feed-mfe's sheet defines.
    const feedOnly = all.find(
      (rule) =>
        rule.scope?.includes('feed-mfe') && /^\.text-[a-z]+-\d+$/.test(rule.selector) && !unscoped.has(rule.selector),
    );
    const feedRoot = document.querySelector('[data-murmur-app="feed-mfe"]');
    if (!feedOnly || !feedRoot) return null;
    const className = feedOnly.selector.slice(1);
    const colourOf = (parent: Element) => {
      const span = document.createElement('span');
      span.className = className;
      parent.append(span);
      const colour = getComputedStyle(span).color;
      span.remove();
      return colour;
    };
    return {
      className,
      inside: colourOf(feedRoot),
      outside: colourOf(document.body),
      plain: getComputedStyle(document.body).color,
    };
  });

  expect(probe, 'feed-mfe ships a colour utility of its own').not.toBeNull();
  expect(probe?.inside).not.toBe(probe?.plain);
  expect(probe?.outside).toBe(probe?.plain);
});
