// @ts-check
/**
 * How long each step of loading a remote (remotes.json, then its manifest, entry and chunks) may take before the
 * remote's place shows a message with Retry instead of its skeleton: a stalled CDN edge never answers at all.
 */
export const remoteLoadTimeLimitMs = 12_000;

/**
 * Retry loads a remote under URLs no earlier attempt used, so that a request that stalled for ever (and the browser's
 * module map, which keeps waiting on it) cannot shadow them: its manifest is asked for under `/_attempt/<n>/` in front
 * of the path, and every file the runtime then finds relative to it (entry, chunks, styles) carries the prefix too. The
 * store server and the Vite servers (attemptPrefix.js) answer such a path as the path without it; a CDN needs one
 * rewrite rule that does the same (docs/serving.md, "With a CDN instead of nginx").
 */
export const attemptPrefix = '/_attempt/';

/**
 * The remote's manifest URL for attempt `attempt`, the prefix put in front of its path.
 * @param {string} manifestUrl
 * @param {number} attempt
 */
export function attemptManifestUrl(manifestUrl, attempt) {
  const url = new URL(manifestUrl, globalThis.location?.href);
  url.pathname = `${attemptPrefix}${attempt}${url.pathname}`;
  return url.href;
}

/**
 * The path an attempt's path stands for, or null when it carries no attempt prefix.
 * @param {string} pathname
 */
export function pathWithoutAttempt(pathname) {
  if (!pathname.startsWith(attemptPrefix)) return null;
  const match = /^(\d+)(\/.*)$/.exec(pathname.slice(attemptPrefix.length));
  return match ? match[2] : null;
}
