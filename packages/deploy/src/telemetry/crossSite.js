// @ts-check

/** @typedef {import('node:http').IncomingMessage} Request */

/**
 * Whether a report comes from a page of another site, which a page of the shell never sends: a site that made its
 * visitors' browsers post reports would speak from as many networks as it has visitors. A browser says where a
 * request comes from in `Sec-Fetch-Site` (anything but `same-origin` is refused: another site, a sibling subdomain,
 * or `none`, typed by hand) and in `Origin` on every POST. The collector's own origin is the request's `Host` with
 * either scheme: the store server speaks plain HTTP, and an edge that ends TLS in front of it forwards the `Host` the
 * browser sent (nginx's `proxy_set_header Host $host`), so the page's origin is `https://` that host. An `Origin`
 * whose host and port are not the `Host`, or `null`, is another site's. A request with neither field is not a
 * browser's (or an old one's): it is taken, and counts as any client by its network (health/figures.js).
 * @param {Request} request
 */
export function isCrossSite(request) {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite !== undefined && fetchSite !== 'same-origin') return true;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  const host = request.headers.host;
  return !host || !isOriginOf(origin, host);
}

/**
 * @param {string} origin the Origin field
 * @param {string} host the Host field
 */
function isOriginOf(origin, host) {
  /** @type {URL} */
  let url;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  // The URL parser drops a scheme's default port and lowercases the host: the Host field is compared the same way.
  const own = URL.canParse(`${url.protocol}//${host}`) ? new URL(`${url.protocol}//${host}`) : null;
  return (
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    own !== null &&
    url.origin === origin.toLowerCase() &&
    url.host === own.host
  );
}
