// @ts-check

/** @typedef {import('node:http').IncomingMessage} Request */

/**
 * Whether a report comes from a page of another site, which a page of the shell never sends: a site that made its
 * visitors' browsers post reports would speak from as many networks as it has visitors. A browser says where a
 * request comes from in `Sec-Fetch-Site` (anything but `same-origin` is refused: another site, a sibling subdomain,
 * or `none`, typed by hand) and in `Origin` on every POST. The shell's own origins are those of the public URL the
 * store records for it (store/publicUrls.js's `ownOriginsOf`), never the request's `Host`: a site whose name a DNS
 * record points at the edge (rebinding) sends its own name in `Host` and `Origin`, and its pages are `same-origin`
 * with it. An `Origin` that is none of them (case aside, as nginx's `map` compares), or `null`, is another site's. A
 * request with neither field is not a browser's (or an old one's): it is taken, and counts as any client by its
 * network (health/figures.js).
 * @param {Request} request
 * @param {string[]} ownOrigins the shell's origins, as `URL.origin` writes them
 */
export function isCrossSite(request, ownOrigins) {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite !== undefined && fetchSite !== 'same-origin') return true;
  const origin = request.headers.origin;
  return origin !== undefined && !ownOrigins.includes(origin.toLowerCase());
}
