const PROBE_ORIGIN = 'https://murmur.invalid';

/**
 * Only a path of this app may be returned to after login: never /auth, never anything the browser would read as
 * another host. Browsers read "\" as "/" and drop tabs and newlines, so `/\evil.com` and `/\t/evil.com` mean
 * `//evil.com`; such characters are refused outright, and the URL parser has the last word on the origin.
 */
export function isSafeReturnPath(from: unknown): from is string {
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return false;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is being refused
  if (/[\\\u0000-\u001f\u007f]/.test(from)) return false;
  let url: URL;
  try {
    url = new URL(from, PROBE_ORIGIN);
  } catch {
    return false;
  }
  return url.origin === PROBE_ORIGIN && url.pathname !== '/auth' && !url.pathname.startsWith('/auth/');
}
