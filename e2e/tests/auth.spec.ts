import { expect, test, type Page } from '@playwright/test';
import { DEMO, origins, routeVisits, signIn, watchFor } from './support';

const loginButton = (page: Page) => page.getByRole('button', { name: 'Login to your account' });
const userMenu = (page: Page) => page.getByRole('button', { name: 'User menu' });
const topBar = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const stored = (page: Page) =>
  page.evaluate(() => ({ token: localStorage.getItem('token'), user: localStorage.getItem('user') }));

async function fillAndLogin(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await loginButton(page).click();
}

test.describe('the route guard', () => {
  // Every route of the route table that needs a session, a route added there included, and another person's profile.
  const guarded = routeVisits.filter((route) => route.session === 'required').map((route) => route.address);
  for (const path of [...guarded, '/profile/tomaslind']) {
    test(`${path} signed out goes to /auth, in place of the history entry`, async ({ page }) => {
      await page.goto('about:blank');
      await page.goto(path);
      await expect(page).toHaveURL(`${origins.shell}/auth`);
      await expect(loginButton(page)).toBeVisible();
      await expect(topBar(page)).toHaveCount(0);
      await page.goBack();
      await expect(page).toHaveURL('about:blank');
    });
  }

  test('a redirect inside the app replaces the entry too: Back returns to the page before', async ({ page }) => {
    await page.goto('/no-such-page');
    await page.getByRole('link', { name: 'Back to Murmur' }).click();
    await expect(page).toHaveURL(`${origins.shell}/auth`);
    await page.goBack();
    await expect(page).toHaveURL(`${origins.shell}/no-such-page`);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });

  test('after login the person lands on the path they asked for', async ({ page }) => {
    await page.goto('/profile/tomaslind');
    await expect(page).toHaveURL(/\/auth$/);
    await fillAndLogin(page, DEMO.email, DEMO.password);
    await expect(page).toHaveURL(`${origins.shell}/profile/tomaslind`);
    await expect(page.locator('[data-remote="profile-mfe"]')).toBeVisible();
    await expect(userMenu(page)).toBeVisible();
  });

  test('/auth with a session goes to /', async ({ page }) => {
    await signIn(page, '/explore');
    await page.goto('/auth');
    await expect(page).toHaveURL(`${origins.shell}/`);
    await expect(page.locator('[data-remote="feed-mfe"]')).toBeVisible();
    await expect(loginButton(page)).toHaveCount(0);
  });

  test('an unknown path shows a not-found page with a way home', async ({ page }) => {
    await signIn(page);
    await page.goto('/nothing/here');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(topBar(page)).toBeVisible();
    await page.getByRole('link', { name: 'Back to Murmur' }).click();
    await expect(page).toHaveURL(`${origins.shell}/`);
    await expect(page.locator('[data-remote="feed-mfe"]')).toBeVisible();
  });
});

test.describe('the login screen', () => {
  test('has the controls of the login screen; the two links go nowhere', async ({ page }) => {
    await page.goto('/auth');
    await expect(page.getByLabel('Email')).toHaveAttribute('type', 'email');
    await expect(page.getByRole('checkbox', { name: 'Remember me' })).not.toBeChecked();
    for (const name of ['Lost Password?', 'Not registered? Create account']) {
      await page.getByRole('link', { name }).click();
      await expect(page).toHaveURL(`${origins.shell}/auth`);
    }
    await expect(loginButton(page)).toBeVisible();
  });

  test('a wrong password says "Wrong crediential" in red and keeps the email', async ({ page }) => {
    await page.goto('/explore');
    await fillAndLogin(page, DEMO.email, 'not-my-password');
    const alert = page.getByRole('alert');
    await expect(alert).toHaveText('Wrong crediential');
    const [red, green, blue] = await alert.evaluate((element) => {
      // Tailwind 4 colours are oklch(); a canvas turns whatever the browser computed into plain RGB.
      const context = document.createElement('canvas').getContext('2d');
      if (!context) return [0, 0, 0];
      context.fillStyle = getComputedStyle(element).color;
      context.fillRect(0, 0, 1, 1);
      return [...context.getImageData(0, 0, 1, 1).data];
    });
    expect(red, 'red channel').toBeGreaterThan(180);
    expect(green, 'green channel').toBeLessThan(80);
    expect(blue, 'blue channel').toBeLessThan(80);
    await expect(page.getByLabel('Email')).toHaveValue(DEMO.email);
    await expect(page).toHaveURL(/\/auth$/);
    await expect(topBar(page)).toHaveCount(0);
    expect(await stored(page)).toEqual({ token: null, user: null });

    // The remembered path survives the failed attempt.
    await page.getByLabel('Password').fill(DEMO.password);
    await loginButton(page).click();
    await expect(page).toHaveURL(`${origins.shell}/explore`);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('Test Credentials fills the demo account visibly, and signs in with it', async ({ page }) => {
    const wasPending = await watchFor(page, 'pending login', 'button[type="submit"][disabled]');
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Test Credentials' }).click();
    await expect(page.getByLabel('Email')).toHaveValue(DEMO.email);
    await expect(page.getByLabel('Password')).toHaveValue(DEMO.password);
    await expect(page.getByLabel('Password')).toHaveAttribute('type', 'text');
    expect(await wasPending()).toBe(false);
    await loginButton(page).click();
    await expect(page).toHaveURL(`${origins.shell}/`);
    // The mock answers after 400 ms: the button waited, disabled, meanwhile.
    expect(await wasPending()).toBe(true);
    await expect(userMenu(page)).toBeVisible();
    const { token, user } = await stored(page);
    expect(token).toBeTruthy();
    expect(JSON.parse(user ?? '{}')).toMatchObject({ username: DEMO.username });
  });

  test('auth-mfe alone confirms whom the person signed in as', async ({ page }) => {
    await page.goto(`${origins.auth}/auth`);
    await fillAndLogin(page, DEMO.email, DEMO.password);
    await expect(page.getByRole('heading', { name: `Signed in as @${DEMO.username}` })).toBeVisible();
    await expect(page).toHaveURL(`${origins.auth}/auth`);
  });
});

test.describe('the session', () => {
  test('a reload keeps the person signed in, on the same page', async ({ page }) => {
    await signIn(page, '/bookmark');
    await expect(page).toHaveURL(/\/bookmark$/);
    await page.reload();
    await expect(page).toHaveURL(`${origins.shell}/bookmark`);
    await expect(userMenu(page)).toBeVisible();
    await expect(page.locator('[data-remote="feed-mfe"]')).toBeVisible();
  });

  const corruptions = {
    'garbage in both keys': () => {
      localStorage.setItem('token', 'garbage');
      localStorage.setItem('user', '{"oops":');
    },
    'only a token left': () => localStorage.removeItem('user'),
  };
  for (const [label, corrupt] of Object.entries(corruptions)) {
    test(`a corrupted stored session (${label}) is cleared and the person is sent to /auth`, async ({ page }) => {
      await signIn(page, '/explore');
      await page.evaluate(corrupt);
      await page.reload();
      await expect(page).toHaveURL(`${origins.shell}/auth`);
      await expect(page.getByLabel('Email')).toBeVisible();
      await expect(topBar(page)).toHaveCount(0);
      expect(await stored(page)).toEqual({ token: null, user: null });
    });
  }

  test('Log out clears the session and its storage and goes to /auth', async ({ page }) => {
    await signIn(page, '/explore');
    await userMenu(page).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL(`${origins.shell}/auth`);
    await expect(loginButton(page)).toBeVisible();
    await expect(topBar(page)).toHaveCount(0);
    expect(await stored(page)).toEqual({ token: null, user: null });
    await page.goto('/');
    await expect(page).toHaveURL(/\/auth$/);
    // A fresh login after a logout starts from the feed, not from the page open at logout.
    await fillAndLogin(page, DEMO.email, DEMO.password);
    await expect(page).toHaveURL(`${origins.shell}/`);
  });
});

test.describe('the top bar', () => {
  test('marks the current link', async ({ page }) => {
    await signIn(page);
    const bar = topBar(page);
    await expect(bar.getByRole('link', { name: 'NewsFeed' })).toHaveAttribute('aria-current', 'page');
    await bar.getByRole('link', { name: 'Bookmark' }).click();
    await expect(page).toHaveURL(/\/bookmark$/);
    await expect(bar.getByRole('link', { name: 'Bookmark' })).toHaveAttribute('aria-current', 'page');
    await expect(bar.getByRole('link', { name: 'NewsFeed' })).not.toHaveAttribute('aria-current');
  });

  test('the user menu works with the keyboard alone', async ({ page }) => {
    await signIn(page);
    await userMenu(page).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'Your Profile' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
    await expect(userMenu(page)).toBeFocused();

    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`${origins.shell}/profile/${DEMO.username}`);
    await expect(page.locator('[data-remote="profile-mfe"]')).toBeVisible();
    await expect(page.getByRole('menu')).toHaveCount(0);
  });
});
