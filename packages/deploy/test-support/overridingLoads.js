// @ts-check
import { overridingCookie } from '@murmur/release-checks/override-address';

/** The Cookie field of the load a tab that holds an override asks for (remoteOverrides.ts), among other cookies. */
export const tabCookie = `theme=dark; ${overridingCookie}=1`;

/**
 * Loads of the shell's page where the environment allows overrides, named for the test: the query, the Cookie field,
 * and whether the edge serves it the weaker policy of a tab that holds an override (no Integrity-Policy, the setting's
 * sources). Only the tab's own load does: a link carries the parameter in any spelling, never the cookie (SameSite).
 * @type {[string, string, string | undefined, boolean][]}
 */
export const overridingLoads = [
  ['the load a tab that holds an override asks for', '?overriding=1', tabCookie, true],
  ['a link asking for it', '?overriding=1', undefined, false],
  ['a link asking for it in capitals', '?OVERRIDING=1', undefined, false],
  ['a link in capitals, in a browser with the cookie', '?OVERRIDING=1', tabCookie, false],
  ['a link in mixed case, in a browser with the cookie', '?a=b&Overriding=1', tabCookie, false],
  ['a link with the name escaped, in a browser with the cookie', '?overr%69ding=1', tabCookie, false],
  ['a link with the value escaped, in a browser with the cookie', '?overriding=%31', tabCookie, false],
  ['the parameter with the cookie in capitals', '?overriding=1', `${overridingCookie.toUpperCase()}=1`, false],
  ['the parameter with another value of the cookie', '?overriding=1', `${overridingCookie}=yes`, false],
  ["a visitor's load, in a browser with the cookie", '?from=link', tabCookie, false],
];
