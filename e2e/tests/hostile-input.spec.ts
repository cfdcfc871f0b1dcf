import { expect, test, type Page } from '@playwright/test';
import { DEMO } from './support';

interface Answer {
  status: number;
  data: {
    errors?: string[];
    createdUser?: Record<string, string>;
    user?: Record<string, string>;
    encodedToken?: string;
  };
  ms: number;
}

/** A call to the page's own mock back end, as the apps make it (fetch on /api, which Mirage answers in the page). */
function call(page: Page, method: string, path: string, body?: unknown, token?: string): Promise<Answer> {
  return page.evaluate(
    async ({ method, path, body, token }) => {
      const headers: Record<string, string> = { 'Content-Type': 'application/json' };
      if (token) headers.authorization = token;
      const start = performance.now();
      const response = await fetch(`/api${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const data = (await response.json()) as Answer['data'];
      return { status: response.status, data, ms: performance.now() - start };
    },
    { method, path, body, token },
  );
}

const person = { firstName: 'Nia', lastName: 'Brook', password: 'pw-123456' };
const signup = (page: Page, body: Record<string, unknown>) =>
  call(page, 'POST', '/auth/signup', { ...person, ...body });

test.beforeEach(async ({ page }) => {
  // The served app with its real mock back end, without the 400 ms delay so the many calls stay quick.
  await page.goto('/auth?mock-delay=0');
  await expect(page.getByLabel('Email')).toBeVisible();
});

test('sign-up accepts a name that starts with an emoji (it answered 500 "URI malformed")', async ({ page }) => {
  const answer = await signup(page, { username: 'smiler', firstName: '😀 Nia', lastName: '🌊' });
  expect(answer.status).toBe(201);
  expect(answer.data.createdUser).toMatchObject({ username: 'smiler', firstName: '😀 Nia', lastName: '🌊' });
  expect(answer.data.createdUser?.profilePic).toMatch(/^data:image\/svg\+xml,/);
});

test('sign-up refuses a username that differs from an existing one only in case', async ({ page }) => {
  expect(await signup(page, { username: 'MiraOkafor' })).toMatchObject({
    status: 422,
    data: { errors: ['Unprocessable Entity. Username Already Exists.'] },
  });
  expect((await call(page, 'GET', '/users/miraokafor')).data.user?.firstName).toBe('Mira');
});

test('sign-up refuses route words, dot segments, id-shaped names; the profiles they would hide stay reachable', async ({
  page,
}) => {
  for (const username of ['bookmark', 'Explore', 'user-seed-02-tomas']) {
    const answer = await signup(page, { username });
    expect(answer.status, username).toBe(400);
    expect(answer.data.errors?.[0], username).toMatch(/^That username is reserved/);
  }
  for (const username of ['.', '..']) {
    const answer = await signup(page, { username });
    expect(answer.status, username).toBe(400);
    expect(answer.data.errors?.[0], username).toMatch(/^Username must be/);
  }
  expect((await call(page, 'GET', '/users/user-seed-02-tomas')).data.user?.username).toBe('tomaslind');
  expect((await call(page, 'GET', '/users')).data).toMatchObject({ users: expect.any(Array) });
});

test('sign-up refuses a 200,000-character non-address email at once (it froze the tab for seconds)', async ({
  page,
}) => {
  // The old pattern backtracked quadratically on this shape.
  const answer = await signup(page, { username: 'longmail', email: `a@${'.'.repeat(199_997)}@` });
  expect(answer.status).toBe(400);
  expect(answer.data.errors?.[0]).toMatch(/^Email must be a valid email address/);
  // The old pattern took seconds here; a linear one takes milliseconds. The bound leaves room for a busy machine.
  expect(answer.ms).toBeLessThan(2_000);
});

test('an older client that sends the email as username gets an account with that email and a derived username', async ({
  page,
}) => {
  const answer = await signup(page, { username: 'Nia.Brook@Example.com' });
  expect(answer.status).toBe(201);
  expect(answer.data.createdUser).toMatchObject({ username: 'nia.brook', email: 'Nia.Brook@Example.com' });
  expect((await call(page, 'GET', '/users/nia.brook')).status).toBe(200);
  const login = await call(page, 'POST', '/auth/login', {
    username: 'nia.brook@example.com',
    password: person.password,
  });
  expect(login.status).toBe(200);
});

test('profile edit refuses an oversized picture and changes nothing', async ({ page }) => {
  const login = await call(page, 'POST', '/auth/login', { username: DEMO.email, password: DEMO.password });
  const token = login.data.encodedToken ?? '';
  const before = (await call(page, 'GET', `/users/${DEMO.username}`)).data.user;
  const huge = `data:image/png;base64,${'A'.repeat(1024 * 1024)}`;
  const answer = await call(page, 'POST', '/users/edit', { userData: { bio: 'changed', profilePic: huge } }, token);
  expect(answer.status).toBe(400);
  expect(answer.data.errors?.[0]).toMatch(/^Pictures must be an http\(s\) URL/);
  expect((await call(page, 'GET', `/users/${DEMO.username}`)).data.user).toEqual(before);
});

test('a mock scale beyond the cap is cut to it, with a notice on the page', async ({ page }) => {
  await page.goto('/auth?mock-delay=0&mock-scale=50000:10');
  await expect(page.getByRole('status').filter({ hasText: 'Mock data capped at 10,000 users' })).toBeVisible();
  const users = await page.evaluate(
    async () => ((await (await fetch('/api/users')).json()) as { users: unknown[] }).users.length,
  );
  expect(users).toBe(10_000);
});
