/**
 * The variable that puts another server than the embedded one in front of the store for the browser suites
 * (testNginxEdge.mjs sets it): `nginx` serves the store's folder with nginx, as `serve --edge nginx` does; `nginx-s3`
 * releases the apps into a bucket of an S3 server started for the run (s3rver, on s3Port) and puts nginx in front
 * of it.
 */
export const EDGE_ENV = 'MURMUR_E2E_EDGE';

/** Where the S3 server of a `nginx-s3` run listens. */
export const s3Port = 4090;

/** Which server this run's suites go through: `embedded` (the default), `nginx` or `nginx-s3`. */
export const e2eEdge = () => {
  const edge = process.env[EDGE_ENV];
  return edge === 'nginx' || edge === 'nginx-s3' ? edge : 'embedded';
};

/**
 * Set by testBrowsers.mjs when nginx can be had: the suites about what the edge serves then run once, against nginx in
 * front of an S3 server, and the run against the embedded edge leaves them out.
 */
export const EDGE_SUITES_ON_NGINX_ENV = 'MURMUR_E2E_EDGE_SUITES_ON_NGINX';
