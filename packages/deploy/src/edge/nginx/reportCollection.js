// @ts-check
import { fileURLToPath } from 'node:url';
import { trustedProxiesOf, trustedProxiesVariable } from '../../telemetry/clientNetwork.js';
import { reportRate } from '../../telemetry/clientRate.js';
import { reportTypes, telemetryPath } from '../../telemetry/collector.js';
import { reportFolderFor, reportLogLimits } from '../../telemetry/reportLog.js';
import { maxReportBytes, reportRules } from '@murmur/reports';
import { quoted } from './directives.js';
import { nginxWorkerUser, prepareReportFolder } from './workerUser.js';

/** The module nginx runs for each report (njs: `js_import`), the one the embedded server writes the log with. */
const reportWriterFile = fileURLToPath(new URL('../../telemetry/reportWriter.js', import.meta.url));

/** An IPv6 group as nginx prints it: hex digits, no leading zero. */
const group = '[0-9a-f]{1,4}';

/**
 * `reportCollection` for the store at `location`, from the environment: the report folder (reportLog.js's
 * `reportFolderFor`), created if it is not there and made writable by nginx's workers (workerUser.js), and the trusted
 * proxies (MURMUR_TRUSTED_PROXIES). Null for a store on S3 without a report folder: nginx then takes no reports
 * (`/_telemetry` is answered as any path).
 * @param {string} location the store: its real path, or s3://bucket/prefix
 * @param {string[]} ownOrigins the shell's origins (store/publicUrls.js's `ownOriginsOf`)
 * @param {Record<string, string | undefined>} env
 * @param {{ burst?: number; perMinute?: number }} [rate]
 * @param {import('./workerUser.js').Account} [workers] the user nginx's workers run as, by default an nginx's this
 *   process starts
 * @param {Partial<import('../../telemetry/reportWriter.js').LogLimits>} [limits] the log's (tests)
 */
export function storeReportCollection(location, ownOrigins, env, rate, workers, limits) {
  const folder = reportFolderFor(location, env);
  if (folder === null) return null;
  prepareReportFolder(folder, workers ?? nginxWorkerUser());
  return reportCollection({ folder, ownOrigins, trustedProxies: env[trustedProxiesVariable], rate, limits });
}

/**
 * nginx collecting the pages' reports (`POST /_telemetry` on the shell's origin) with no process of the project in
 * the way, as the embedded collector does (telemetry/collector.js), into the report log the canary health job reads
 * (health/reportFiles.js). nginx refuses, and never logs: another method than POST (405), a post from another site
 * (403, crossSite.js's rule: `Sec-Fetch-Site` present and not `same-origin`, or an `Origin` that is none of
 * `ownOrigins`), a body over `maxReportBytes` (413, before anything else when the length is declared), another type
 * than JSON or text (415), and past a burst of `rate.burst`, `rate.perMinute` a minute per client network (429): an
 * IPv4
 * address, an IPv6 /64 (`ipv6NetworkMap`). The client is the peer, or, where the peer is one of `trustedProxies`, the
 * address its `X-Forwarded-For` names, read from the end past the trusted proxies (nginx's realip module, as
 * clientNetwork.js). What passes is njs's: telemetry/reportWriter.js's `collect` checks it against the schema's rules
 * (400 otherwise) and writes it as the embedded server does, within the log's limits (`limits`, by default
 * reportLog.js's `reportLogLimits`), the report lost alone where the log cannot be written (503, a line in the error
 * log). nginx must have the njs module (Debian: libnginx-mod-http-js).
 * @param {{ folder: string; ownOrigins: string[]; trustedProxies?: string;
 *   rate?: { burst?: number; perMinute?: number };
 *   limits?: Partial<import('../../telemetry/reportWriter.js').LogLimits> }} options
 *   `folder`: the report folder (telemetry/reportLog.js's `reportFolderFor`), which must exist and be writable by
 *   nginx's workers; `ownOrigins`: the shell's origins; `trustedProxies`: MURMUR_TRUSTED_PROXIES's list
 * @returns {{ http: string[]; server: string[] }} the lines of the http level, and of the shell's server block,
 *   before any of its own rewrite directives (a POST elsewhere is refused there)
 */
function reportCollection({ folder, ownOrigins, trustedProxies, rate = {}, limits = {} }) {
  const { burst = reportRate.burst, perMinute = reportRate.perMinute } = rate;
  if (!Number.isInteger(burst) || burst < 1 || !Number.isInteger(perMinute) || perMinute < 1)
    throw new Error('the report rate is a whole burst and a whole number a minute, each at least 1');
  const { networkBytes, maxBytes, keepMs } = { ...reportLogLimits, ...limits };
  const proxies = trustedProxyEntries(trustedProxies);
  // Base64: the rules' patterns hold `$` and `\`, which an nginx string cannot carry as they are.
  const rules = Buffer.from(JSON.stringify(reportRules)).toString('base64');
  return {
    http: [
      "# The pages' reports (packages/deploy/src/edge/nginx/reportCollection.js): checked and logged by njs.",
      `js_import murmur_reports from ${quoted(reportWriterFile)};`,
      '# The client network: an IPv4 address, an IPv6 /64 (its four first groups), as clientNetwork.js counts it.',
      ...ipv6NetworkMap(),
      'map $request_method $murmur_report_allow {',
      '  POST "";',
      '  default POST;',
      '}',
      '# Another site (telemetry/crossSite.js): Sec-Fetch-Site present and not same-origin, or an Origin that is none',
      "# of the shell's recorded origins (case aside: a map's strings are), whatever the Host.",
      'map $http_sec_fetch_site $murmur_report_foreign_fetch {',
      '  "" "";',
      '  "~^same-origin$" "";',
      '  default 1;',
      '}',
      'map $http_origin $murmur_report_foreign_origin {',
      '  "" "";',
      ...ownOrigins.map((origin) => `  ${quoted(origin)} "";`),
      '  default 1;',
      '}',
      'map $content_type $murmur_report_wrong_type {',
      // The collector's own pattern, written as it is: quoted() refuses its "$".
      `  "~*${reportTypes.source}" "";`,
      '  default 1;',
      '}',
      `limit_req_zone $murmur_report_network zone=murmur_reports:10m rate=${perMinute}r/m;`,
    ],
    server: [
      "# The pages' reports, taken here (reportCollection.js): a POST to it passes the server's method check.",
      ...(proxies.length > 0
        ? [
            ...proxies.map((entry) => `set_real_ip_from ${entry};`),
            'real_ip_header X-Forwarded-For;',
            'real_ip_recursive on;',
          ]
        : []),
      `if ($uri = ${telemetryPath}) {`,
      '  break;',
      '}',
      `location = ${telemetryPath} {`,
      `  client_max_body_size ${maxReportBytes};`,
      // The body in memory, whole: njs reads it only so.
      `  client_body_buffer_size ${maxReportBytes};`,
      '  client_body_in_single_buffer on;',
      '  default_type text/plain;',
      '  charset utf-8;',
      '  add_header X-Content-Type-Options nosniff always;',
      '  add_header Cache-Control no-store always;',
      '  add_header Allow $murmur_report_allow always;',
      '  if ($request_method != POST) {',
      '    return 405 "reports are sent with POST\\n";',
      '  }',
      '  if ($murmur_report_foreign_fetch) {',
      '    return 403 "reports come from the pages of this origin\\n";',
      '  }',
      '  if ($murmur_report_foreign_origin) {',
      '    return 403 "reports come from the pages of this origin\\n";',
      '  }',
      '  if ($murmur_report_wrong_type) {',
      '    return 415 "a report is JSON, sent as application/json or text/plain\\n";',
      '  }',
      // nodelay: the burst is taken at once; nginx lets one more through than its burst.
      `  limit_req zone=murmur_reports burst=${burst - 1} nodelay;`,
      '  limit_req_status 429;',
      '  limit_req_log_level info;',
      "  # What reportWriter.js's collect reads: the schema's rules (JSON, base64), the log's folder and limits.",
      `  set $murmur_report_rules "${rules}";`,
      `  set $murmur_report_folder ${quoted(folder)};`,
      `  set $murmur_report_network_bytes ${wholeNumber(networkBytes)};`,
      `  set $murmur_report_max_bytes ${wholeNumber(maxBytes)};`,
      `  set $murmur_report_keep_ms ${wholeNumber(keepMs)};`,
      '  js_content murmur_reports.collect;',
      '}',
    ],
  };
}

/** A limit as a whole number, refused otherwise. @param {number} value */
function wholeNumber(value) {
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`${value} is not a limit of the report log`);
  return String(value);
}

/**
 * `MURMUR_TRUSTED_PROXIES`'s entries as nginx's `set_real_ip_from` takes them; an entry that is not an address or a
 * range is refused, naming the variable (clientNetwork.js).
 * @param {string | undefined} text comma-separated
 */
function trustedProxyEntries(text) {
  const entries = (text ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  for (const entry of entries) {
    trustedProxiesOf(entry);
    if (!/^[0-9A-Fa-f.:/]+$/.test(entry)) throw new Error(`${JSON.stringify(entry)} is not an address or range`);
  }
  return entries;
}

/**
 * The `map` from nginx's `$remote_addr` to the client's network, as clientNetwork.js's `networkOf` writes it: an
 * IPv4 address as it is (one inside IPv6, `::ffff:192.0.2.1`, as IPv4); an IPv6 address as its /64, its four first
 * groups, `2001:db8:0:0::/64`. nginx prints an IPv6 address with its longest run of zero groups as `::`, so each place
 * that run can begin and end is a case of its own: the first four groups are those before the `::`, zeros, and those
 * after it that fall in the first four. Anything else (an IPv4 address, an IPv6 one ending in a dotted quad) is
 * itself: the health job takes an address to its network all the same (clientNetwork.js's `loggedNetworkOf`).
 * @returns {string[]}
 */
export function ipv6NetworkMap() {
  const capture = (/** @type {string} */ name) => `(?<murmur_report_${name}>${group})`;
  /** @type {[string, string][]} */
  const entries = [
    ['^::ffff:(?<murmur_report_v4>\\d{1,3}(?:\\.\\d{1,3}){3})$', '$murmur_report_v4'],
    // No `::` among the first four groups.
    [
      `^${capture('g0')}:${capture('g1')}:${capture('g2')}:${capture('g3')}:`,
      '$murmur_report_g0:$murmur_report_g1:$murmur_report_g2:$murmur_report_g3::/64',
    ],
  ];
  // `before` groups, `::` for at least one zero group, `after` groups.
  for (let before = 0; before < 4; before += 1) {
    for (let after = 0; before + after <= 7; after += 1) {
      const zeros = 8 - before - after;
      const head = Array.from({ length: before }, (_, index) => capture(`g${index}`));
      const tail = Array.from({ length: after }, (_, index) =>
        before + zeros + index < 4 ? capture(`g${before + zeros + index}`) : group,
      );
      const prefix = Array.from({ length: 4 }, (_, index) =>
        index < before || index >= before + zeros ? `$murmur_report_g${index}` : '0',
      );
      entries.push([`^${head.join(':')}::${tail.join(':')}$`, `${prefix.join(':')}::/64`]);
    }
  }
  return [
    'map $remote_addr $murmur_report_network {',
    ...entries.map(([pattern, value]) => `  "~*${pattern}" "${value}";`),
    '  default $remote_addr;',
    '}',
  ];
}
