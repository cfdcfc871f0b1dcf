/**
 * Shared by the test files of the back end and of the data layer (not itself a test): a fresh server per test and
 * checks applied to every response.
 */
import axios, { type AxiosInstance, type AxiosResponse } from 'axios';
import { afterEach, beforeEach, expect } from 'vitest';
import { startMockServer, stopMockServer } from './mockServer';
import { SEED_USERS } from './seed';

/** The server's parts that tests of the data layer use too (its own code may not import the server). */
export { startMockServer, stopMockServer } from './mockServer';
export { DEMO_ACCOUNT } from './seed';
export { signToken } from './jwt';

/** Answers every status instead of throwing, so tests can assert refusals directly. */
export const api: AxiosInstance = axios.create({ baseURL: '/api', validateStatus: () => true });

export function containsKey(value: unknown, key: string): boolean {
  if (Array.isArray(value)) return value.some((item) => containsKey(item, key));
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).some(([k, v]) => k === key || containsKey(v, key));
  }
  return false;
}

export let responsesChecked = 0;

/**
 * Every response serialises and never carries a password, whatever came before (mock-api/rules.md, "Stored records").
 */
function checkResponse(response: AxiosResponse | undefined): void {
  if (!response || typeof response.data === 'string') return;
  responsesChecked++;
  expect(containsKey(response.data, 'password'), `password in ${response.config.url}`).toBe(false);
  expect(JSON.parse(JSON.stringify(response.data))).toEqual(response.data);
}

/** Applies the checks above to every response `instance` receives (the data layer hands in its `apiClient`). */
export function checkEveryResponse(instance: AxiosInstance): void {
  instance.interceptors.response.use(
    (response) => {
      checkResponse(response);
      return response;
    },
    (error: unknown) => {
      if (axios.isAxiosError(error)) checkResponse(error.response);
      return Promise.reject(error);
    },
  );
}
checkEveryResponse(api);

export function withMockServer(): void {
  beforeEach(() => {
    localStorage.clear();
    startMockServer({ delay: 0 });
  });
  afterEach(() => {
    stopMockServer();
    localStorage.clear();
  });
}

export function seedUser(username: string): (typeof SEED_USERS)[number] {
  const user = SEED_USERS.find((u) => u.username === username);
  if (!user) throw new Error(`no seed user ${username}`);
  return user;
}

export async function tokenFor(username: string): Promise<string> {
  const { password } = seedUser(username);
  const response = await api.post('/auth/login', { username, password });
  expect(response.status).toBe(200);
  return (response.data as { encodedToken: string }).encodedToken;
}

export const as = (token: string) => ({ headers: { authorization: token } });

export function expectRefusal(response: AxiosResponse, status: number, message: string): void {
  expect({ status: response.status, data: response.data }).toEqual({ status, data: { errors: [message] } });
}

export const SEED = {
  mira: 'miraokafor',
  tomas: 'tomaslind',
  priya: 'priyaraman',
  jonah: 'jonahwhit',
  aiko: 'aikotanabe',
  lucia: 'luciaferr',
  samuel: 'samadeyemi',
} as const;

/** Fails the test with a clear message instead of a non-null assertion. */
export function defined<T>(value: T | null | undefined, what = 'value'): T {
  if (value === null || value === undefined) throw new Error(`expected ${what} to be present`);
  return value;
}
