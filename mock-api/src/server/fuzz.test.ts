/**
 * Fuzz test of the whole API through the page's own XMLHttpRequest (so Pretender's routing and Mirage's handling are
 * exercised as in the browser): hostile and random bodies, headers, ids and paging parameters on every route.
 * Invariants of every answer: never a 500, never a password, a refusal's message from the catalogue or the input rules,
 * JSON that serialises. It also prints the main-thread time per call of the slowest route at the seed data (a figure,
 * not an assertion: timings belong in benchmarks).
 */
import fc from 'fast-check';
import { afterAll, afterEach, expect, it } from 'vitest';
import { containsKey } from './test-support';
import { ERRORS } from '@murmur/mock-api-contract';
import { ROUTES, startMockServer, stopMockServer } from './mockServer';
import { signToken } from './jwt';
import { isMockApiUrl } from './passthrough';
import { SEED_IDS, SEED_USERS } from './seed';

afterEach(() => stopMockServer());

const RUNS = 210;
const CALLS_PER_RUN = 50;

const SEED_POST_IDS = ['post-seed-01', 'post-seed-02', 'post-seed-03', 'post-seed-04'];
const SEED_COMMENT_IDS = SEED_POST_IDS.flatMap((_, i) => [`comment-seed-0${i + 1}-a`, `comment-seed-0${i + 1}-b`]);
const SEED_USER_IDS = Object.values(SEED_IDS.users);
const USERNAMES = SEED_USERS.map((u) => u.username);
const PASSWORDS = SEED_USERS.map((u) => u.password);
const MESSAGES: ReadonlySet<string> = new Set(Object.values(ERRORS));
const NO_ROUTE = /^No route for (GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) \/api/;

const hostileText = fc.constantFrom(
  '',
  ' ',
  '\u200b',
  '\ud83d',
  '\u{1F600}',
  '%',
  '%E0%A4%A',
  '..',
  '.',
  '/',
  '?x=1',
  '#',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'null',
  'undefined',
  '<script>alert(1)</script>',
  'javascript:alert(1)',
  'data:image/svg+xml,<svg onload=alert(1)>',
  'https://example.com/x',
  'a@b.co',
  `${'a@'.repeat(5000)}`,
  'x'.repeat(3000),
  '\u{1F600}'.repeat(2001),
  'Bookmark',
  'MiraOkafor',
  'user-seed-02-tomas',
);
const text = fc.oneof(hostileText, fc.string({ maxLength: 40 }), fc.string({ unit: 'grapheme', maxLength: 20 }));
const id = fc.oneof(
  fc.constantFrom(...SEED_POST_IDS, ...SEED_COMMENT_IDS, ...SEED_USER_IDS, ...USERNAMES, 'bookmark', 'missing'),
  hostileText,
  fc.string({ maxLength: 12 }),
);
const value = fc.oneof(text, fc.jsonValue({ maxDepth: 2 }), fc.constant(undefined));

const toBase64Url = (raw: string): string => btoa(raw).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
/**
 * Cursors shaped like the ones the lists give out (base64url of `p1.<sort>.<score>.<time>.<seq>` or `u1.<n>`), forged.
 */
const forgedCursor = fc
  .tuple(
    fc.constantFrom('p1', 'u1', 'p2', ''),
    fc.array(
      fc.oneof(
        fc.constantFrom('latest', 'trending', 'oldest', '9'.repeat(17), '-0', '1e400', 'NaN', '', '\u{1F600}'),
        fc.integer().map(String),
        fc.nat(10).map(String),
      ),
      { maxLength: 5 },
    ),
  )
  .map(([version, parts]) => toBase64Url(unescape(encodeURIComponent([version, ...parts].join('.')))));
/** Cursors of the right shape, at positions no list gave out, in either order. */
const wellFormedCursor = fc.oneof(
  fc
    .tuple(fc.constantFrom('latest', 'trending'), fc.array(fc.integer(), { minLength: 3, maxLength: 3 }))
    .map(([sort, numbers]) => toBase64Url(['p1', sort, ...numbers].join('.'))),
  fc.nat().map((position) => toBase64Url(`u1.${position}`)),
);
const pagingValue = fc.oneof(
  fc.integer({ min: -5, max: 205 }).map(String),
  wellFormedCursor,
  fc.constantFrom('latest', 'trending', 'Latest', 'oldest', '1e2', '0x10', '20.5', ' 5', '0020', '99999', '-1'),
  forgedCursor,
  hostileText,
  fc.string({ maxLength: 12 }),
);
/**
 * `limit`, `sort` and `cursor`: each at most once with values often valid (so that the later rules are reached too),
 * or any of them repeated or without a value (null), on any route.
 */
type QueryParam = [name: string, value: string | null];
const pagingParams: fc.Arbitrary<QueryParam[]> = fc.oneof(
  fc
    .record(
      {
        limit: fc.oneof(fc.integer({ min: -5, max: 205 }).map(String), pagingValue),
        sort: fc.oneof(fc.constantFrom('latest', 'trending'), pagingValue),
        cursor: fc.oneof(wellFormedCursor, pagingValue),
      },
      { requiredKeys: [] },
    )
    .map((params): QueryParam[] => Object.entries(params)),
  fc.array(fc.tuple(fc.constantFrom('limit', 'sort', 'cursor'), fc.option(pagingValue, { freq: 8, nil: null })), {
    maxLength: 4,
  }),
);

/** Bodies a real client would send, with hostile values, or anything at all. */
const body = fc.oneof(
  fc.record({ postData: fc.oneof(value, fc.record({ content: value, likes: value, username: value })) }),
  fc.record({ commentData: fc.oneof(value, fc.record({ text: value, votes: value })) }),
  fc.record({
    userData: fc.oneof(
      value,
      fc.record(
        {
          bio: value,
          link: value,
          firstName: value,
          lastName: value,
          profilePic: value,
          profileBanner: value,
          username: value,
          password: value,
          followers: value,
          _id: value,
        },
        { requiredKeys: [] },
      ),
    ),
  }),
  fc.record(
    {
      username: value,
      password: fc.oneof(value, fc.constantFrom(...PASSWORDS)),
      email: value,
      firstName: value,
      lastName: value,
      link: value,
      profilePic: value,
    },
    { requiredKeys: [] },
  ),
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
  fc.string({ maxLength: 30 }),
  fc.constant('{"__proto__": {"password": "x"}, "postData": "proto"}'),
  fc.constant(undefined),
);

const validToken = (i: number) => signToken({ _id: SEED_USER_IDS[i % SEED_USER_IDS.length] ?? '', username: 'x' });
const authorization = fc.oneof(
  fc.nat(6).map(validToken),
  fc.nat(6).map((i) => `Bearer ${validToken(i)}`),
  fc.constant(signToken({ _id: 'user-gone', username: 'ghost' })),
  fc.constant(`${btoa('{"alg":"none"}')}.${btoa(`{"_id":"${SEED_USER_IDS[0] ?? ''}","username":"x"}`)}.`),
  fc.string({ maxLength: 30 }),
  fc.constant(undefined),
);
const headers = fc.record(
  {
    name: fc.constantFrom('authorization', 'Authorization', 'AUTHORIZATION', 'x-authorization'),
    token: authorization,
    contentType: fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', ''),
  },
  { requiredKeys: ['name', 'token', 'contentType'] },
);

/** A call to a known route with hostile ids in its parameters, or to a random path under /api. */
const call = fc.record({
  route: fc.oneof({ weight: 9, arbitrary: fc.nat(ROUTES.length - 1) }, { weight: 1, arbitrary: fc.constant(-1) }),
  method: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE'),
  ids: fc.array(id, { minLength: 2, maxLength: 2 }),
  encode: fc.boolean(),
  body,
  headers,
  paging: fc.option(pagingParams, { freq: 2, nil: [] as QueryParam[] }),
});
type Call = typeof call extends fc.Arbitrary<infer T> ? T : never;

function toRequest(c: Call): { method: string; url: string; template: string } {
  const route = ROUTES[c.route];
  // A lone surrogate cannot be percent-encoded; sent raw it is still a hostile id or value.
  const encoded = (raw: string): string => (c.encode && !/\p{Surrogate}/u.test(raw) ? encodeURIComponent(raw) : raw);
  let i = 0;
  const fill = (): string => encoded(c.ids[i++ % c.ids.length] ?? '');
  const query = c.paging.map(([name, raw]) => (raw === null ? name : `${name}=${encoded(raw)}`)).join('&');
  const search = query ? `?${query}` : '';
  if (!route) {
    return { method: c.method, url: `/api/${fill()}/${fill()}${search}`, template: `${c.method} /api/<random>` };
  }
  const path = route.path.replace(/:\w+/g, fill);
  const method = route.method.toUpperCase();
  return { method, url: `/api${path}${search}`, template: `${method} /api${route.path}` };
}

interface Answer {
  status: number;
  text: string;
  /**
   * CPU time of the process from send to load. With `delay: false` no timer runs in between, so this is the call's
   * main-thread work (routing, handler, serialising, events), not inflated when other processes share the machine.
   */
  ms: number;
}

const cpuMs = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** One request through the page's XMLHttpRequest, which Pretender replaces while the mock server runs. */
function send(c: Call): Promise<Answer> {
  const { method, url } = toRequest(c);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const start = cpuMs();
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText, ms: cpuMs() - start });
    xhr.onerror = () => reject(new Error(`network error for ${method} ${url}`));
    xhr.open(method, url);
    if (c.headers.contentType) xhr.setRequestHeader('Content-Type', c.headers.contentType);
    if (c.headers.token !== undefined) xhr.setRequestHeader(c.headers.name, c.headers.token);
    const payload = c.body === undefined || typeof c.body === 'string' ? c.body : JSON.stringify(c.body);
    xhr.send(payload ?? null);
  });
}

/** Every refusal message met, to prove the fuzz reached the paging rules. */
const refusals = new Set<string>();

function checkAnswer(c: Call, answer: Answer): void {
  const { method, url } = toRequest(c);
  const where = `${method} ${url.slice(0, 200)} -> ${answer.status} ${answer.text.slice(0, 300)}`;
  expect(answer.status, where).toBeGreaterThanOrEqual(200);
  expect(answer.status, where).toBeLessThan(500);
  const data: unknown = JSON.parse(answer.text);
  expect(JSON.parse(JSON.stringify(data)), where).toEqual(data);
  expect(containsKey(data, 'password'), where).toBe(false);
  for (const password of PASSWORDS) expect(answer.text.includes(password), where).toBe(false);
  if (answer.status >= 400) {
    expect(data, where).toEqual({ errors: [expect.any(String)] });
    const [message] = (data as { errors: [string] }).errors;
    expect(MESSAGES.has(message) || NO_ROUTE.test(message), where).toBe(true);
    refusals.add(message);
  }
}

const timings = new Map<string, number[]>();
let calls = 0;

const median = (list: number[]): number => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;

afterAll(() => {
  const ranked = [...timings.entries()]
    .map(([route, list]) => ({ route, max: Math.max(...list), median: median(list) }))
    .sort((a, b) => b.max - a.max);
  const show = ({ route, max, median: m }: (typeof ranked)[number]) =>
    `${route} max ${max.toFixed(1)} ms, median ${m.toFixed(2)} ms`;
  console.log(
    `fuzz: ${calls} calls. Main-thread (CPU) time per call at the seed data, slowest route: ` +
      `${ranked[0] ? show(ranked[0]) : 'none'}; next: ${ranked.slice(1, 4).map(show).join('; ')}`,
  );
});

it(
  `answers ${RUNS * CALLS_PER_RUN} hostile and random calls on every route without a 500, ` +
    'a password or an unknown message',
  async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(call, { minLength: CALLS_PER_RUN, maxLength: CALLS_PER_RUN }), async (run) => {
        stopMockServer();
        startMockServer({ delay: false });
        for (const c of run) {
          // Dot segments can resolve an address out of /api; that is the network's business, not the mock API's.
          if (!isMockApiUrl(toRequest(c).url)) continue;
          const answer = await send(c);
          calls++;
          checkAnswer(c, answer);
          const { template } = toRequest(c);
          timings.set(template, [...(timings.get(template) ?? []), answer.ms]);
        }
      }),
      { numRuns: RUNS, seed: 2026, endOnFailure: true },
    );
    // Every route must have been called, or the fuzz proves less than it says.
    expect(ROUTES.every((route) => timings.has(`${route.method.toUpperCase()} /api${route.path}`))).toBe(true);
    expect(calls).toBeGreaterThanOrEqual(10_000);
    const pagingRefusals = Object.entries(ERRORS).filter(([name]) => /^(PAGE|USERS_PAGE)_/.test(name));
    expect(pagingRefusals).toHaveLength(6);
    for (const [name, message] of pagingRefusals) expect(refusals.has(message), name).toBe(true);
  },
  120_000,
);
