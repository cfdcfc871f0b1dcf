// @ts-check
import { parseS3Location } from '../../store/backends/s3Location.js';
import { compressible } from '../../store/compress.js';
import { hashedAssetsFolder, immutable, revalidate } from '../../store/objectHeaders.js';
import { indented, quoted } from './directives.js';

/**
 * The bucket nginx proxies to, as nginx addresses it: the endpoint (MURMUR_S3_ENDPOINT, the SDK's AWS_ENDPOINT_URL_S3
 * or AWS_ENDPOINT_URL, else AWS's regional endpoint) and the path of the store's objects on it (path-style).
 * @typedef {{ scheme: 'http' | 'https'; host: string; port: number; pathPrefix: string }} S3Origin
 */

/**
 * @param {string} location s3://bucket/prefix
 * @param {Record<string, string | undefined>} env
 * @returns {S3Origin}
 */
export function s3Origin(location, env) {
  const { bucket, prefix } = parseS3Location(location);
  const region = env.AWS_REGION ?? env.AWS_DEFAULT_REGION ?? 'us-east-1';
  const endpoint = new URL(
    env.MURMUR_S3_ENDPOINT ?? env.AWS_ENDPOINT_URL_S3 ?? env.AWS_ENDPOINT_URL ?? `https://s3.${region}.amazonaws.com`,
  );
  const scheme = endpoint.protocol === 'http:' ? 'http' : 'https';
  return {
    scheme,
    host: endpoint.hostname,
    port: Number(endpoint.port || (scheme === 'http' ? 80 : 443)),
    pathPrefix: `/${bucket}/${prefix}`,
  };
}

/** The variables s3VersionLocations's headers name, which nginx expands per request. */
export const s3HeaderVariables = ['$murmur_cache_control', '$murmur_vary', '$murmur_version_policy'];

/**
 * The http-level part: the bucket's endpoint as an upstream with kept-alive connections, and the maps that choose,
 * per request, the precompressed object to ask for and the headers a version's file is sent with (the rules a folder
 * store keeps with nested locations, which a fallback to the file itself could not reach).
 * @param {S3Origin} s3
 * @param {string} policy the Content-Security-Policy of a version's page
 */
export function s3Upstream(s3, policy) {
  const compressibleRegex = compressible.source;
  return [
    'upstream murmur_s3 {',
    `  server ${s3.host}:${s3.port};`,
    '  keepalive 16;',
    '}',
    // The coding a request accepts, brotli first, q-values aside (as gzip_static and brotli_static read them).
    'map $http_accept_encoding $murmur_coding_suffix {',
    '  "~*(?:^|[\\s,])br(?:$|[\\s,;])" .br;',
    '  "~*(?:^|[\\s,])gzip(?:$|[\\s,;])" .gz;',
    '  default "";',
    '}',
    'map $uri $murmur_compressible {',
    // A regular expression, written as it is: quoted() refuses its "$".
    `  "~${compressibleRegex}" 1;`,
    '  default "";',
    '}',
    // The variant object to ask first: a compressible file, asked whole (a range applies to the file itself).
    'map "$murmur_compressible:$http_range:$murmur_coding_suffix" $murmur_variant {',
    '  "~^1::(?<murmur_suffix>.+)$" $murmur_suffix;',
    '  default "";',
    '}',
    // Read from the path as requested: by the time headers are added, $uri is the object's key.
    'map $murmur_unprefixed_path $murmur_cache_control {',
    `  ${quoted(`~^/[^/]+${hashedAssetsFolder}`)} ${quoted(immutable)};`,
    `  default ${quoted(revalidate)};`,
    '}',
    'map $murmur_compressible $murmur_vary {',
    '  1 Accept-Encoding;',
    '  default "";',
    '}',
    'map $murmur_unprefixed_path $murmur_version_policy {',
    `  "~\\.html$" ${quoted(policy)};`,
    '  default "";',
    '}',
  ];
}

/**
 * A version folder's files proxied from their objects: the precompressed variant the request accepts where there is
 * one, else the file itself, else `@not_found`. The object's own Cache-Control is replaced by the edge's rule.
 * @param {{ s3: S3Origin; app: string; versionRegex: string; headers: (more: string[][]) => string[] }} options
 */
export function s3VersionLocations({ s3, app, versionRegex, headers }) {
  const versionHeaders = headers([
    ['Cache-Control', '$murmur_cache_control'],
    ['Vary', '$murmur_vary'],
    ['Content-Security-Policy', '$murmur_version_policy'],
  ]);
  const named = `@${app.replaceAll('-', '_')}_version_file`;
  return [
    `location ~ "^/${versionRegex}(?:/|$)" {`,
    // The file's path, kept for the fallback: the rewrite to the variant's key changes $uri.
    ...indented([
      'set $murmur_file $uri;',
      ...s3Proxied(s3, `${app}$murmur_file$murmur_variant`, named),
      ...versionHeaders,
    ]),
    '}',
    `location ${named} {`,
    ...indented([...s3Proxied(s3, `${app}$murmur_file`, '@not_found'), ...versionHeaders]),
    '}',
  ];
}

/**
 * Proxies the request to one object of the store, unsigned (the edge must be let read the bucket: README,
 * "Running it in production"), sending none of the client's credentials and none of the store's own headers, and
 * going to `missing` where the object is not there (S3 answers 403 for a missing key to who may not list the bucket).
 * @param {S3Origin} s3
 * @param {string} key the object's key inside the store, with nginx variables
 * @param {string} missing a named location
 */
export function s3Proxied(s3, key, missing) {
  const hostHeader = s3.port === (s3.scheme === 'http' ? 80 : 443) ? s3.host : `${s3.host}:${s3.port}`;
  return [
    `rewrite ^ ${quoted(`${s3.pathPrefix}${key}`, { variables: ['$murmur_file', '$murmur_variant'] })} break;`,
    `proxy_pass ${s3.scheme}://murmur_s3;`,
    'proxy_http_version 1.1;',
    'proxy_set_header Connection "";',
    `proxy_set_header Host ${quoted(hostHeader)};`,
    'proxy_set_header Authorization "";',
    'proxy_set_header Cookie "";',
    'proxy_set_header Accept-Encoding "";',
    ...(s3.scheme === 'https' ? ['proxy_ssl_server_name on;', `proxy_ssl_name ${quoted(s3.host)};`] : []),
    ...[
      'Cache-Control',
      'Access-Control-Allow-Origin',
      'Set-Cookie',
      'x-amz-request-id',
      'x-amz-id-2',
      'x-amz-version-id',
      'x-amz-server-side-encryption',
      'x-amz-expiration',
      'x-amz-storage-class',
    ].map((name) => `proxy_hide_header ${name};`),
    'proxy_intercept_errors on;',
    'recursive_error_pages on;',
    `error_page 403 404 = ${missing};`,
  ];
}
