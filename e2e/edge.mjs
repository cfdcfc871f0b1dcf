/**
 * The variable that puts another server than the embedded one in front of the store for the browser suites:
 * `nginx` (set by testNginxEdge.mjs) serves it with nginx, as `serve --edge nginx` does.
 */
export const EDGE_ENV = 'MURMUR_E2E_EDGE';

/** Which server this run's suites go through: `embedded` (the default) or `nginx`. */
export const e2eEdge = () => (process.env[EDGE_ENV] === 'nginx' ? 'nginx' : 'embedded');
