import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support';

const shotDir = 'test-results/screenshots';

async function horizontalOverflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

for (const width of [360, 1280]) {
  test.describe(`at ${width} px wide`, () => {
    test.use({ viewport: { width, height: width === 360 ? 740 : 800 } });

    test('the login screen and the signed-in feed fit the width', async ({ page }) => {
      await page.goto('/auth');
      await expect(page.getByRole('button', { name: 'Login to your account' })).toBeVisible();
      await page.screenshot({ path: `${shotDir}/login-${width}.png`, fullPage: true });
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

      await page.getByLabel('Email').fill('mira@example.com');
      await page.getByLabel('Password').fill('not-the-password');
      await page.getByRole('button', { name: 'Login to your account' }).click();
      await expect(page.getByRole('alert')).toHaveText('Wrong crediential');
      await page.screenshot({ path: `${shotDir}/login-error-${width}.png`, fullPage: true });

      await signIn(page);
      await expect(page.getByRole('article').first()).toBeVisible();
      // Measured once all of the feed is in (Who to follow loads beside the posts), as a person would see it.
      await expect(page.getByRole('region', { name: 'Who to follow' }).getByRole('listitem').first()).toBeVisible();
      await expect(page.locator('.animate-pulse:visible, [aria-busy="true"]:visible')).toHaveCount(0);
      await page.screenshot({ path: `${shotDir}/feed-${width}.png`, fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      // The top bar: one row on a wide screen; on a phone the links get a row of their own below the brand.
      const box = async (name: string, role: 'link' | 'button') => {
        const found = await page.getByRole('banner').getByRole(role, { name, exact: true }).boundingBox();
        if (!found) throw new Error(`${name} is not visible`);
        return found;
      };
      const brand = await box('Murmur', 'link');
      const explore = await box('Explore', 'link');
      const menu = await box('User menu', 'button');
      expect(Math.abs(brand.y + brand.height / 2 - (menu.y + menu.height / 2))).toBeLessThan(4);
      if (width === 360) {
        expect(explore.y).toBeGreaterThanOrEqual(brand.y + brand.height);
        expect(explore.x + explore.width).toBeLessThanOrEqual(width);
      } else {
        expect(Math.abs(explore.y + explore.height / 2 - (brand.y + brand.height / 2))).toBeLessThan(4);
        expect(explore.width).toBeLessThan(160);
      }

      await page.getByRole('button', { name: 'User menu' }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      await page.screenshot({ path: `${shotDir}/user-menu-${width}.png` });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });
  });
}
