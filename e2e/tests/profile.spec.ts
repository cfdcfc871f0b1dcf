import { expect, test, type Page } from '@playwright/test';
import { DEMO, origins, signIn } from './support';

const profileRoot = (page: Page) => page.locator('[data-remote="profile-mfe"]');
const card = (page: Page) => profileRoot(page).getByRole('region', { name: 'Profile' });

async function openOwnProfile(page: Page) {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Your Profile' }).click();
  await expect(page).toHaveURL(new RegExp(`/profile/${DEMO.username}$`));
  await expect(card(page).getByRole('heading', { level: 1, name: 'Mira Okafor' })).toBeVisible();
}

/** Posts `text` from the feed's composer, then opens the own profile: the post as it shows there. */
async function postThenOpenOwnProfile(page: Page, text: string) {
  await page.getByRole('textbox', { name: "What's happening?" }).fill(text);
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(page.getByRole('article').filter({ hasText: text })).toBeVisible();
  await openOwnProfile(page);
  return profileRoot(page).getByRole('article').filter({ hasText: text });
}

test.describe('profile in the composed app', () => {
  test('own profile: the card, then Edit Profile saves bio and link, and a refused save keeps what was typed', async ({
    page,
  }) => {
    await signIn(page);
    await openOwnProfile(page);
    await expect(card(page).getByText(`@${DEMO.username}`)).toBeVisible();
    await expect(card(page).getByText('0 Posts')).toBeVisible();
    await expect(card(page).getByText('3 Followers')).toBeVisible();
    await expect(card(page).getByText('2 Following')).toBeVisible();
    const link = card(page).getByRole('link', { name: 'https://example.com/mira' });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');

    await card(page).getByRole('button', { name: 'Edit Profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
    await expect(dialog.getByRole('textbox', { name: 'Bio' })).toHaveValue(/Urban gardener/);
    await dialog.getByRole('textbox', { name: 'Url' }).fill('javascript:alert(1)');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByRole('status')).toContainText('Link must be an http:// or https:// URL.');
    await expect(dialog.getByRole('textbox', { name: 'Url' })).toHaveValue('javascript:alert(1)');

    await dialog.getByRole('textbox', { name: 'Bio' }).fill('Teapots, tomatoes and tandem rides.');
    await dialog.getByRole('textbox', { name: 'Url' }).fill('https://mira.example.org');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(card(page).getByText('Teapots, tomatoes and tandem rides.')).toBeVisible();
    await expect(card(page).getByRole('link', { name: 'https://mira.example.org' })).toBeVisible();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}') as { bio?: string });
    expect(stored.bio).toBe('Teapots, tomatoes and tandem rides.');
  });

  test('own posts appear through the post list with Edit, and deleting one updates the Posts count', async ({
    page,
  }) => {
    await signIn(page);
    const post = await postThenOpenOwnProfile(page, 'Balcony tomatoes are finally red.');
    await expect(card(page).getByText('1 Posts')).toBeVisible();
    await expect(profileRoot(page).getByRole('article')).toHaveCount(1);
    await post.getByRole('button', { name: 'Post options' }).click();
    await expect(page.getByRole('menuitem', { name: 'Edit' })).toBeVisible();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await expect(profileRoot(page).getByRole('article')).toHaveCount(0);
    await expect(card(page).getByText('0 Posts')).toBeVisible();
  });

  test('Edit Profile is modal: the page behind takes no focus and no press, Tab stays inside, Escape closes', async ({
    page,
  }) => {
    await signIn(page);
    await openOwnProfile(page);
    const opener = card(page).getByRole('button', { name: 'Edit Profile' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
    await expect(dialog.getByRole('textbox', { name: 'Bio' })).toBeFocused();

    // The shell's own button, behind the dialog: inert, so it cannot take focus, and a press on it opens nothing.
    const userMenu = page.getByRole('button', { name: 'User menu', includeHidden: true });
    const tookFocus = await userMenu.evaluate((button: HTMLElement) => {
      button.focus();
      return document.activeElement === button;
    });
    expect(tookFocus).toBe(false);
    const box = await userMenu.boundingBox();
    if (!box) throw new Error('the User menu button has no box');
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect(page.getByRole('menu')).toHaveCount(0);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Bio' })).toBeFocused();

    await page.keyboard.press('Shift+Tab');
    await expect(dialog.getByRole('button', { name: 'Save' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('textbox', { name: 'Bio' })).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('the Post dialog closes on a press on its backdrop, not on a press inside it, and changes nothing', async ({
    page,
  }) => {
    await signIn(page);
    const post = await postThenOpenOwnProfile(page, 'Left as it was.');
    await post.getByRole('button', { name: 'Post options' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Post' });
    await dialog.getByRole('textbox').fill('Never saved');

    await dialog.getByRole('heading', { name: 'Post' }).click();
    await expect(dialog).toBeVisible();
    await page.mouse.click(4, 4);
    await expect(dialog).toBeHidden();
    await expect(post).toContainText('Left as it was.');
    await expect(post.getByRole('button', { name: 'Post options' })).toBeFocused();
  });

  test("another user's profile: Follow and Unfollow change the Followers count at once", async ({ page }) => {
    await signIn(page);
    await page.goto('/profile/jonahwhit');
    await expect(card(page).getByRole('heading', { level: 1 })).toBeVisible();
    await expect(card(page).getByText('1 Followers')).toBeVisible();
    await expect(card(page).getByRole('button', { name: 'Edit Profile' })).toHaveCount(0);

    await card(page).getByRole('button', { name: 'Follow' }).click();
    await expect(card(page).getByRole('button', { name: 'Unfollow' })).toBeVisible();
    await expect(card(page).getByText('2 Followers')).toBeVisible();
    await card(page).getByRole('button', { name: 'Unfollow' }).click();
    await expect(card(page).getByRole('button', { name: 'Follow' })).toBeVisible();
    await expect(card(page).getByText('1 Followers')).toBeVisible();
  });

  test('following someone in "Who to follow" shows in the own Following count without a reload', async ({ page }) => {
    await signIn(page);
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
    await openOwnProfile(page);
    await expect(card(page).getByText('2 Following')).toBeVisible();

    await page.getByRole('link', { name: 'NewsFeed' }).click();
    const whoToFollow = page.getByRole('region', { name: 'Who to follow' });
    await whoToFollow.getByRole('button', { name: 'Follow', exact: true }).first().click();
    await expect(whoToFollow.getByRole('button', { name: 'Unfollow' })).toHaveCount(3);

    await openOwnProfile(page);
    await expect(card(page).getByText('3 Following')).toBeVisible();
    expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  });

  test('an unknown username says "User not found" and leads back to the feed', async ({ page }) => {
    await signIn(page);
    await page.goto('/profile/nobody-here');
    await expect(profileRoot(page).getByRole('heading', { name: 'User not found' })).toBeVisible();
    await profileRoot(page).getByRole('link', { name: 'Back to the feed' }).click();
    await expect(page).toHaveURL(`${origins.shell}/`);
    await expect(page.locator('[data-remote="feed-mfe"]')).toBeVisible();
  });
});

test.describe('profile-mfe alone', () => {
  test("shows the card and that user's posts through feed-mfe's post list", async ({ page }) => {
    await page.goto(`${origins.profile}/profile/tomaslind`);
    await expect(page.getByRole('note')).toContainText('profile-mfe is running alone');
    await expect(card(page).getByRole('heading', { level: 1, name: 'Tomas Lindqvist' })).toBeVisible();
    await expect(card(page).getByText('1 Posts')).toBeVisible();
    await expect(card(page).getByRole('button', { name: 'Unfollow' })).toBeVisible();
    const posts = profileRoot(page).getByRole('article');
    await expect(posts).toHaveCount(1);
    await expect(posts.first()).toContainText('Finished varnishing the little rowboat today.');
  });

  test('when feed-mfe cannot be reached, the posts say so with Retry while the card keeps working', async ({
    page,
  }) => {
    const manifest = `${origins.feed}/mf-manifest.json`;
    await page.route(manifest, (route) => route.abort());
    await page.goto(`${origins.profile}/profile/tomaslind`);
    await expect(profileRoot(page).getByText('The posts could not be loaded.')).toBeVisible();
    await card(page).getByRole('button', { name: 'Unfollow' }).click();
    await expect(card(page).getByText('1 Followers')).toBeVisible();

    await page.unroute(manifest);
    await profileRoot(page).getByRole('button', { name: 'Retry' }).click();
    await expect(profileRoot(page).getByRole('article')).toHaveCount(1);
    await expect(profileRoot(page).getByText('The posts could not be loaded.')).toHaveCount(0);
  });
});
