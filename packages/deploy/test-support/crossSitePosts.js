// @ts-check

/**
 * The headers of report posts that come from another site, each of which every edge's collector refuses with a 403
 * (src/telemetry/crossSite.js for the store server, src/edge/nginx/reportCollection.js for nginx), named for the test.
 * @type {[string, Record<string, string>][]}
 */
export const crossSitePosts = [
  ['another site, by Sec-Fetch-Site', { 'Sec-Fetch-Site': 'cross-site' }],
  ['a sibling subdomain, by Sec-Fetch-Site', { 'Sec-Fetch-Site': 'same-site' }],
  ['another origin, by Origin alone', { Origin: 'https://evil.example' }],
  ['the same host on another port', { Origin: 'http://127.0.0.1:1' }],
  ['an opaque origin (a sandboxed frame)', { Origin: 'null' }],
  ['a same-origin claim with a foreign Origin', { 'Sec-Fetch-Site': 'same-origin', Origin: 'https://evil.example' }],
];
