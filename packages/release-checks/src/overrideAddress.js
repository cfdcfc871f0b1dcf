// @ts-check

/**
 * What a page's address says about overrides (docs/overriding-a-remote.md), apart from the checks: the shell reads it
 * on every load, before it knows whether it needs them, and the edges read it to choose a page's policy. It imports
 * nothing.
 */

/** The parameter that proposes an override: `?override=feed-mfe=http://localhost:4002/_build/mf-manifest.json`. */
export const overrideParameter = 'override';

/**
 * The parameter of a page load that holds an override (`?overriding=1`): the tab asks for it itself, once an override
 * was applied, and only such a load gets the weaker policy (no Integrity-Policy, the setting's sources in the
 * Content-Security-Policy) where the environment allows overrides, and only with `overridingCookie`, which a link
 * cannot carry. Every other load of the page keeps the full one.
 */
export const overridingParameter = 'overriding';

/**
 * The cookie the tab sets just before it loads its page asking for that policy (`overridingCookieText`). It is
 * `SameSite=Strict`, so a load another site starts (a link, a form, a redirect) never carries it, whatever its address
 * says; it lives a few seconds, the moment between the tab's asking and the edge's answer; and it says nothing of
 * which remote or where: the tab's sessionStorage holds that.
 */
export const overridingCookie = 'murmur-overriding';

/** How long the cookie lasts, in seconds: the request leaves at once; the rest is room for a slow device. */
const overridingCookieSeconds = 30;

/**
 * What a load that asks for the weaker policy carries, exactly and case for case, as the tab writes it: in the raw
 * query, the parameter `overriding=1` among the others (not `OVERRIDING=1`, nor an escaped spelling); in the Cookie
 * field, `murmur-overriding=1`. The edges match these (nginx as regular expressions, case-sensitive), the page reads
 * its own address by the first.
 */
export const overridingLoadPatterns = {
  query: /(?:^|&)overriding=1(?:&|$)/,
  cookie: /(?:^|;\s*)murmur-overriding=1(?:;|$)/,
};

/** How long an applied override lasts in its tab: a working day, then the tab is back on the live remote. */
export const overrideLifetimeMs = 8 * 60 * 60 * 1000;

/**
 * Whether a page's address asks for the weaker policy of a tab that holds an override.
 * @param {string} search the address's query, raw, with or without its `?`
 */
export function asksForOverridingPolicy(search) {
  return overridingLoadPatterns.query.test(search.replace(/^\?/, ''));
}

/**
 * Whether an edge serves a page load the weaker policy (where the environment allows overrides): its address asks for
 * it and it carries the cookie the tab set for it.
 * @param {string} search the request's query, raw
 * @param {string | undefined} cookie the request's Cookie field
 */
export function getsOverridingPolicy(search, cookie) {
  return asksForOverridingPolicy(search) && overridingLoadPatterns.cookie.test(cookie ?? '');
}

/**
 * What the tab writes to `document.cookie` just before it loads its page asking for the weaker policy.
 * @param {boolean} secure whether the page is served over https (the cookie then goes nowhere else)
 */
export function overridingCookieText(secure) {
  const attributes = [`Max-Age=${overridingCookieSeconds}`, 'Path=/', 'SameSite=Strict', ...(secure ? ['Secure'] : [])];
  return [`${overridingCookie}=1`, ...attributes].join('; ');
}
