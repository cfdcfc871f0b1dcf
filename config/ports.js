// @ts-check
/** Where each app is served, in development and in preview (docs/architecture.md, "Ports"). */
export const ports = /** @type {const} */ ({
  shell: 4000,
  'auth-mfe': 4001,
  'feed-mfe': 4002,
  'profile-mfe': 4003,
});

/** @typedef {keyof typeof ports} AppName */

/** Where the benchmark's single-bundle baseline (monolith/) is previewed; not part of `npm start`. */
export const monolithPort = 4010;
