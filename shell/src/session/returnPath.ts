import { routes } from '@murmur/config/routes';

const PROBE_ORIGIN = 'https://murmur.invalid';

/** The paths of the route table's signed-out routes: with a session they lead on at once, so never a way back. */
const signedOutPaths = Object.values(routes).flatMap((route) => (route.session === 'signed-out' ? [route.path] : []));

/**
 * Only a path of this app may be returned to after login: never a signed-out route's (/auth, or under it), never
 * anything the browser would read as another host. Browsers read "\" as "/" and drop tabs and newlines, so `/\evil.com`
 * and `/\t/evil.com` mean `//evil.com`; such characters are refused outright, and the URL parser has the last word on
 * the origin.
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
  const { pathname } = url;
  return (
    url.origin === PROBE_ORIGIN && !signedOutPaths.some((path) => pathname === path || pathname.startsWith(`${path}/`))
  );
}
