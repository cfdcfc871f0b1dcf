// @ts-check
import { readCanaryPointer, remotesForCohort } from './canaryPointer.js';
import { cohortCookie, cohortKeyOf, newCohortKey, perCohortCacheControl } from './cohort.js';
import { readRemotesPointer } from './remotesPointer.js';

/**
 * Answers `/remotes.json` on the shell's origin for the cohort of the browser asking (`remotesOfCohort`). The answer
 * differs by cookie, so it is private to that browser and varies on Cookie: no shared cache may give one person's
 * pointer to another.
 * @param {import('node:http').IncomingMessage} request
 * @param {import('node:http').ServerResponse} response
 * @param {string} store
 * @param {() => void} notFound
 */
export function sendCohortRemotes(request, response, store, notFound) {
  const remotes = remotesOfCohort(store, giveCohortKey(request, response).key);
  if (remotes === null) {
    notFound();
    return;
  }
  response
    .writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': perCohortCacheControl, Vary: 'Cookie' })
    .end(remotes.body);
}

/**
 * remotes.json as the cohort of `key` is sent it (`body`), with the canary versions the key falls in
 * (canaryPointer.js#remotesForCohort), or null where no remote is live. `perCohort`: whether a canary runs, so that
 * what one browser is sent may not be another's.
 * @param {string} store
 * @param {string} key
 */
export function remotesOfCohort(store, key) {
  const stable = readRemotesPointer(store);
  if (!stable) return null;
  const canary = readCanaryPointer(store);
  return { body: remotesForCohort(stable, canary, key), perCohort: Object.keys(canary).length > 0 };
}

/**
 * The cohort key of the browser asking, given to it (the cookie, set on `response`) where it has none yet. The shell's
 * page gives it too, so that every request the page makes carries it: two remotes.json asked at once without one
 * would each be given a key of their own, and the page would run one cohort's versions while the browser kept the
 * other's key. `given`: whether this response sets it (then no shared cache may keep the response).
 * @param {import('node:http').IncomingMessage} request
 * @param {import('node:http').ServerResponse} response
 */
export function giveCohortKey(request, response) {
  const key = cohortKeyOf(request.headers.cookie);
  if (key !== null) return { key, given: false };
  const given = newCohortKey();
  response.setHeader('Set-Cookie', cohortCookie(given));
  return { key: given, given: true };
}
