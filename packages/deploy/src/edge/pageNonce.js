// @ts-check

/** The `<meta property>` whose nonce a dev server's client (Vite's) reads for the styles it adds: an override of a
 * remote's dev server (docs/overriding-a-remote.md). */
const nonceMeta = 'csp-nonce';

/**
 * What an edge adds to a page promote wrote, for each response: the nonce that response's Content-Security-Policy
 * names, on every script element and on the `<meta property="csp-nonce">` a dev server's client reads
 * as a pair of strings to find and what to put in their place. nginx writes them as `sub_filter`
 * (nginx/config.js), the embedded server applies them with `withNonce`: one rule, so both edges send the same bytes.
 * @param {string} nonce the nonce, or the nginx variable that holds it
 * @returns {[string, string][]}
 */
export function nonceSubstitutions(nonce) {
  return [
    ['<script ', `<script nonce="${nonce}" `],
    [`<meta property="${nonceMeta}"`, `<meta nonce="${nonce}" property="${nonceMeta}"`],
  ];
}

/**
 * `page` with `nonce` added as nginx's `sub_filter` adds it (`sub_filter_once off`): every occurrence of each string,
 * found ignoring case, from the start of the page on, never inside what was put in.
 * @param {string} page
 * @param {string} nonce base64 or hex: nothing in it is special in HTML
 */
export function withNonce(page, nonce) {
  const substitutions = nonceSubstitutions(nonce);
  const pattern = new RegExp(
    substitutions.map(([find]) => find.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'),
    'gi',
  );
  return page.replace(pattern, (found) => {
    const [, replacement] = /** @type {[string, string]} */ (
      substitutions.find(([find]) => find.toLowerCase() === found.toLowerCase())
    );
    return replacement;
  });
}
