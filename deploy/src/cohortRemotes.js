// @ts-check
import { readCanaryPointer, remotesForCohort } from './canaryPointer.js';
import { cohortCookie, cohortKeyOf, newCohortKey, perCohortCacheControl } from './cohort.js';
import { readRemotesPointer } from './liveFiles.js';

/**
 * Answers `/remotes.json` on the shell's origin for the cohort of the browser asking: a browser without a cohort key
 * is given one (a cookie, once), and every browser is sent remotes.json with the canary versions its key falls in
 * (canaryPointer.js#remotesForCohort). The answer differs by cookie, so it is private to that browser and varies on
 * Cookie: no shared cache may give one person's pointer to another.
 * @param {import('node:http').IncomingMessage} request
 * @param {import('node:http').ServerResponse} response
 * @param {string} store
 * @param {() => void} notFound
 */
export function sendCohortRemotes(request, response, store, notFound) {
  const stable = readRemotesPointer(store);
  if (!stable) {
    notFound();
    return;
  }
  let key = cohortKeyOf(request.headers.cookie);
  if (key === null) {
    key = newCohortKey();
    response.setHeader('Set-Cookie', cohortCookie(key));
  }
  const body = remotesForCohort(stable, readCanaryPointer(store), key);
  response
    .writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': perCohortCacheControl, Vary: 'Cookie' })
    .end(body);
}
