// @ts-check
/**
 * Who may read a dev server, or the watch build it serves, from another origin (docs/overriding-a-remote.md): pages
 * on this machine (`localhost`, `127.0.0.1`, `[::1]`, any port), and the deployed compositions the developer names in
 * `MURMUR_DEV_OVERRIDE_ORIGINS` (comma-separated origins, such as `https://staging.example.org`), whose tabs load an
 * override from it. Any other site open in the browser gets no CORS answer, so it cannot read unreleased source.
 */

const ON_THIS_MACHINE = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?$/;

/** @typedef {(origin: string | undefined) => boolean} OriginCheck */

/**
 * The origins that may, as Vite's `server.cors` and `preview.cors` take them (the allowed origin is echoed, any other
 * gets no header). @param {Record<string, string | undefined>} env @returns {(RegExp | string)[]}
 */
export const devCorsOrigins = (env) => [
  ON_THIS_MACHINE,
  ...(env.MURMUR_DEV_OVERRIDE_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean),
];

/**
 * Whether a request's `Origin` may read the answer, by the same list.
 * @param {(RegExp | string)[]} origins @returns {OriginCheck}
 */
export const devCorsAllows = (origins) => (origin) =>
  origin !== undefined &&
  origins.some((allowed) => (typeof allowed === 'string' ? allowed === origin : allowed.test(origin)));
