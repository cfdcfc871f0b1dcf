// @ts-check

/**
 * The Content-Security-Policy of every page: scripts and styles only from the page's own origin and the live
 * remotes' origins, no inline script and no eval. Images also take data: URIs (the avatars) and https: (a profile
 * picture is any address its owner gives). A page served with a nonce may also run the script elements that carry it:
 * the shell's early script adds an import map (inline by nature) that gives a remote the shell's federation runtime.
 * Where the environment allows a tab to override a remote, the origins an override may name are added to scripts,
 * styles and connections (`overrideSources`, packages/release-checks/src/overrides.js); nowhere else.
 * @param {string[]} remoteOrigins
 * @param {string} [nonce] a fresh random value per response
 * @param {string[]} [overrideOrigins] the sources overrides add, none where they are off
 */
export function contentSecurityPolicy(remoteOrigins, nonce, overrideOrigins = []) {
  const sources = ["'self'", ...new Set(remoteOrigins)].join(' ');
  const overridable = [sources, ...new Set(overrideOrigins)].join(' ');
  const nonceSource = nonce ? ` 'nonce-${nonce}'` : '';
  return [
    "default-src 'self'",
    `script-src ${overridable}${nonceSource}`,
    // An override's dev server adds its styles as elements, with the page's nonce (edge/pageNonce.js).
    `style-src ${overridable}${overrideOrigins.length > 0 ? nonceSource : ''}`,
    `connect-src ${overridable}`,
    `img-src ${sources} data: https:`,
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The Integrity-Policy of the shell's live page, the composed one: the browser blocks any script the page fetches
 * without an integrity to check it against, or outside CORS mode. Every script a live version may load there has one
 * (the page's tags, its import map, the early script's maps from remotes.json), so a file the store did not release
 * for the live versions never runs, even one no released file names (docs/serving.md, "What the browser checks").
 * Not a remote's page alone: it loads the other remotes from their own servers, without remotes.json.
 */
export const integrityPolicy = 'blocked-destinations=(script)';
