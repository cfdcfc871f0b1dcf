// @ts-check
import { createHash, randomBytes } from 'node:crypto';

/**
 * Who gets a canary. Each browser holds one random key (a cookie the store server sets the first time it answers
 * the shell's page or remotes.json: cohortRemotes.js); the key, hashed with an app's name, gives that browser a point in [0, 100) for that app, and the
 * browser is in the app's canary while the point is below the canary's percent. So:
 * - a browser stays on the version it is given for as long as the percent stays (the key does not change);
 * - widening never moves anyone back: a point below p is below every p' > p;
 * - each app splits people apart from the others' (the name is hashed in), so the 5 % of one canary are not the 5 %
 *   of the next.
 */

/** The cookie that holds a browser's cohort key. */
export const cohortCookieName = 'murmur-cohort';

/** A key as the server makes them: 16 random bytes, base64url (22 characters). */
const keyPattern = /^[A-Za-z0-9_-]{22}$/;

/** 400 days, the longest a browser keeps a cookie (RFC 6265bis): a person keeps one cohort for as long as it can. */
const cookieMaxAge = 400 * 24 * 60 * 60;

/** A remotes.json that differs by cohort: never stored for others, revalidated on every use. */
export const perCohortCacheControl = 'private, no-cache';

/** A new cohort key. */
export function newCohortKey() {
  return randomBytes(16).toString('base64url');
}

/**
 * Where a key falls for an app: the first 48 bits of SHA-256 of `<app>\n<key>`, as a number in [0, 100).
 * @param {string} key
 * @param {string} app
 */
export function cohortPoint(key, app) {
  const digest = createHash('sha256').update(`${app}\n${key}`).digest();
  return (digest.readUIntBE(0, 6) / 2 ** 48) * 100;
}

/**
 * Whether the browser holding `key` is in a canary of `app` at `percent`.
 * @param {string} key
 * @param {string} app
 * @param {number} percent in [0, 100]
 */
export function inCanary(key, app, percent) {
  return cohortPoint(key, app) < percent;
}

/**
 * The cohort key a request carries in its Cookie header, or null when it has none the server could have made (a
 * hand-made or damaged cookie is replaced, as if absent).
 * @param {string | undefined} cookieHeader
 */
export function cohortKeyOf(cookieHeader) {
  for (const pair of (cookieHeader ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at < 0 || pair.slice(0, at).trim() !== cohortCookieName) continue;
    const value = pair.slice(at + 1).trim();
    if (keyPattern.test(value)) return value;
  }
  return null;
}

/**
 * The Set-Cookie value that gives a browser its key: on the whole origin, unread by scripts, sent on same-site
 * requests and top-level navigations.
 * @param {string} key
 */
export function cohortCookie(key) {
  return `${cohortCookieName}=${key}; Path=/; Max-Age=${cookieMaxAge}; HttpOnly; SameSite=Lax`;
}
