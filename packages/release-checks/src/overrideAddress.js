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
 * Content-Security-Policy) where the environment allows overrides. Every other load of the page keeps the full one.
 */
export const overridingParameter = 'overriding';

/** How long an applied override lasts in its tab: a working day, then the tab is back on the live remote. */
export const overrideLifetimeMs = 8 * 60 * 60 * 1000;

/**
 * Whether a page load asks for the weaker policy of a tab that holds an override.
 * @param {string} search the address's query
 */
export function asksForOverridingPolicy(search) {
  return new URLSearchParams(search).get(overridingParameter) === '1';
}
