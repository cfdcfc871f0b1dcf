import type { MockServerOptions } from './index';

/**
 * Options a person can give the mock back end in the page's address, to try the screens at scale or without the
 * delay: `?mock-scale=1000:10000` (users:posts, from a seeded generator) and `?mock-delay=0`. Anything malformed is
 * ignored, so a bad address never stops the app.
 */
export function mockServerOptionsFromSearch(search: string): MockServerOptions {
  const params = new URLSearchParams(search);
  const options: MockServerOptions = {};
  const delay = params.get('mock-delay');
  if (delay !== null && /^\d{1,5}$/.test(delay)) options.delay = Number(delay);
  const scale = /^(\d{1,6}):(\d{1,7})$/.exec(params.get('mock-scale') ?? '');
  if (scale) options.scale = { users: Number(scale[1]), posts: Number(scale[2]) };
  return options;
}
