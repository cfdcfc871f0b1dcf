// @ts-check
/**
 * Who gets a canary (docs/canary.md). remotes.json names, beside each remote's stable manifest, the canary of any
 * remote in one and its share of people; each browser keeps one random key (`cohortStorageName`, in the shell's
 * origin's localStorage, made by the page the first time), and the key, hashed with a remote's name, gives that browser
 * a point in [0, 100) for that remote: the browser loads the canary while its point is below the share. So:
 * - a browser stays on the side it is given, across reloads and for every remote, for as long as the share stays;
 * - widening never moves anyone back: a point below p is below every p' > p;
 * - each remote splits people apart from the others' (the name is hashed in), so the 5 % of one canary are not the
 *   5 % of the next.
 * The same code runs in the page and in Node (Web Crypto in both), so the tests know which side a key is on.
 */

/** Where the page keeps its cohort key. */
export const cohortStorageName = 'murmur-cohort';

/**
 * A key as the page makes them: 16 random bytes, base64url without padding. That is 22 characters, whose last holds
 * the last byte's 2 lowest bits and four zero bits, so it is one of A, Q, g and w.
 */
export const cohortKeyPattern = /^[A-Za-z0-9_-]{21}[AQgw]$/;

/** A new cohort key. */
export function newCohortKey() {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

/**
 * Where a key falls for a remote: the first 48 bits of SHA-256 of `<remote>\n<key>`, as a number in [0, 100).
 * @param {string} key
 * @param {string} remote
 */
export async function cohortPoint(key, remote) {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${remote}\n${key}`));
  const view = new DataView(digest);
  return ((view.getUint16(0) * 2 ** 32 + view.getUint32(2)) / 2 ** 48) * 100;
}

/**
 * Whether the browser holding `key` is in a canary of `remote` at `percent`.
 * @param {string} key
 * @param {string} remote
 * @param {number} percent in [0, 100]
 */
export async function inCanary(key, remote, percent) {
  return (await cohortPoint(key, remote)) < percent;
}
