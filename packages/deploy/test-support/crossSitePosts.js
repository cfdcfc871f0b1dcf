// @ts-check

/** A site whose name a DNS record points at the edge (rebinding). */
const rebound = 'rebound.example';

/**
 * The headers of report posts that come from another site, each of which every edge's collector refuses with a 403
 * (src/telemetry/crossSite.js for the store server, src/edge/nginx/reportCollection.js for nginx), named for the test.
 * The edges serve a store whose shell is recorded at `http://localhost:4000/` (testStore.js's promotedStore); nginx
 * refuses a post whose `Host` is none of the shell's names before its collector sees it (421).
 * @type {[string, Record<string, string>][]}
 */
export const crossSitePosts = [
  ['another site, by Sec-Fetch-Site', { 'Sec-Fetch-Site': 'cross-site' }],
  ['a sibling subdomain, by Sec-Fetch-Site', { 'Sec-Fetch-Site': 'same-site' }],
  ['another origin, by Origin alone', { Origin: 'https://evil.example' }],
  ['the same host on another port', { Origin: 'http://127.0.0.1:1' }],
  ['an opaque origin (a sandboxed frame)', { Origin: 'null' }],
  ['a same-origin claim with a foreign Origin', { 'Sec-Fetch-Site': 'same-origin', Origin: 'https://evil.example' }],
  // A site whose name a DNS record points at the edge: its page is same-origin with itself, Host and Origin alike.
  [
    'a DNS-rebound site, by its own Host',
    { 'Sec-Fetch-Site': 'same-origin', Host: rebound, Origin: `http://${rebound}` },
  ],
  [
    "a page on another port of the shell's host, by its own Host",
    { 'Sec-Fetch-Site': 'same-origin', Host: 'localhost:1', Origin: 'http://localhost:1' },
  ],
];

/**
 * The status an edge refuses one of crossSitePosts with: 403, or 421 from nginx (`checksHost`), which answers so a
 * Host it does not serve.
 * @param {Record<string, string>} headers
 */
export const crossSiteStatus = (headers, { checksHost = false } = {}) =>
  checksHost && headers.Host === rebound ? 421 : 403;
