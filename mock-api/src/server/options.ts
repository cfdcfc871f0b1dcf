import { buildLiveDefault, isProductionBuild } from './build-mode';
import type { LiveOptions } from './activity';
import type { ScaleOptions } from './generate';

/**
 * The largest generated data set. Beyond it the in-memory back end answers lists too slowly to use, and near a
 * million posts a list no longer fits in one JSON string (a 500); larger requests are cut to this and reported.
 */
export const MAX_SCALE = { users: 10_000, posts: 100_000 } as const;

/** The scale the back end really uses: at most MAX_SCALE, whatever was asked. */
export const capScale = (scale: ScaleOptions): ScaleOptions => ({
  ...scale,
  users: Math.min(scale.users, MAX_SCALE.users),
  posts: Math.min(scale.posts, MAX_SCALE.posts),
});

export interface MockServerOptions {
  /**
   * Response delay in ms; 400 by default (mock-api/rules.md, "Delay and scale"), 0 in tests. `false` answers within
   * `send()` itself, with no timer: for the fuzz test, so that thousands of calls take no waiting and each call's cost
   * can be measured.
   */
  delay?: number | false;
  /** Start with a larger generated data set (totals, seed data included), capped at MAX_SCALE. */
  scale?: ScaleOptions;
  /** Other people post, like and comment over time (activity.ts); off when left out. */
  live?: LiveOptions;
}

const format = (n: number): string => n.toLocaleString('en-US');

/** A short sentence for the page when the asked scale was cut to MAX_SCALE; null when it was not. */
export function scaleCapNotice(options: MockServerOptions): string | null {
  if (!options.scale) return null;
  const used = capScale(options.scale);
  if (used.users === options.scale.users && used.posts === options.scale.posts) return null;
  return (
    `Mock data capped at ${format(used.users)} users and ${format(used.posts)} posts ` +
    `(the address asked for ${format(options.scale.users)} and ${format(options.scale.posts)}).`
  );
}

/**
 * The longest `?mock-delay` a production build takes; a longer one is cut to it. Anyone can put the option in a link
 * to the live app, and at 99 s a request every screen feels dead rather than slow. Five seconds still shows every
 * loading state at leisure, and is five times the longest delay the browser tests ask for (1,000 ms, paging.spec). A
 * development build takes up to 99,999 ms: there, a very long delay is a tool for looking at one loading state.
 */
export const MAX_PRODUCTION_DELAY_MS = 5_000;

/**
 * Options a person can give the mock back end in the page's address, to try the screens at scale or without the
 * delay: `?mock-scale=1000:10000` (users:posts, from a seeded generator, capped at MAX_SCALE when started),
 * `?mock-delay=0` (capped at MAX_PRODUCTION_DELAY_MS in a production build) and `?mock-live=5` (someone else posts
 * every 5 seconds; `0` turns it off). Without `mock-live`, a build made with `VITE_MOCK_LIVE` (as `npm run dev`'s
 * servers are) gives its default. Anything malformed is ignored, so a bad address never stops the app.
 */
export function mockServerOptionsFromSearch(search: string): MockServerOptions {
  const params = new URLSearchParams(search);
  const options: MockServerOptions = {};
  const delay = params.get('mock-delay');
  if (delay !== null && /^\d{1,5}$/.test(delay)) {
    options.delay = isProductionBuild() ? Math.min(Number(delay), MAX_PRODUCTION_DELAY_MS) : Number(delay);
  }
  const scale = /^(\d{1,9}):(\d{1,9})$/.exec(params.get('mock-scale') ?? '');
  if (scale) options.scale = { users: Number(scale[1]), posts: Number(scale[2]) };
  const live = readSeconds(params.get('mock-live') ?? buildLiveDefault());
  if (live !== undefined && live > 0) options.live = { secondsBetweenPosts: live };
  return options;
}

/** Seconds, whole or with up to three decimals (`0.5`); undefined for anything else. */
function readSeconds(text: string | undefined): number | undefined {
  return text !== undefined && /^\d{1,5}(\.\d{1,3})?$/.test(text) ? Number(text) : undefined;
}
