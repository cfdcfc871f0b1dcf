// @ts-check
import { clientAddressOf, networkOf, trustedProxiesOf } from './clientNetwork.js';
import { clientRate } from './clientRate.js';
import { isCrossSite } from './crossSite.js';
import { maxReportBytes, reportSchema } from '@murmur/reports';
import { reportFolderFor, reportLog } from './reportLog.js';
import reportWriter from './reportWriter.js';

/** @typedef {import('node:http').IncomingMessage} Request */
/** @typedef {import('node:http').ServerResponse} Response */

/** Where pages send their reports, on the shell's origin: a path no route uses. */
export const telemetryPath = '/_telemetry';

/** The types a report may come as: `navigator.sendBeacon` sends a string as text/plain, a Blob as its own type. */
export const reportTypes = /^(?:application\/json|text\/plain)(?:;\s*charset=utf-8)?$/i;

/**
 * Takes the reports pages send (`POST /_telemetry`) into the store's report log (reportLog.js): each one checked
 * against reportSchema.js, at most `maxReportBytes`, from a page of the shell's own origins (`ownOrigins`, asked per
 * report: crossSite.js, 403 otherwise), at most the rate of the client's network (clientRate.js, by clientNetwork.js's
 * network: IPv4 by address, IPv6 by /64, found through `X-Forwarded-For` only when the socket's peer is one of
 * `trustedProxies`). Anything else is refused with a 4xx and never stored, without reading more of it than the limit.
 * Accepted, a report is logged as the nginx edge logs it (reportLog.js, by reportWriter.js: as text, with when it came
 * and the client's network, by which health/figures.js counts page loads) and answered 204: the page reads nothing
 * back. Past its network's share of the log for the hour it is a 429; where the log is full or cannot be written, a
 * 503 (the page drops it, as any failed report), and the server goes on. The canary health job reads the log
 * (health/healthJob.js).
 * @param {{ store: string; ownOrigins: () => string[]; folder?: string; rate?: Parameters<typeof clientRate>[0];
 *   trustedProxies?: string; log?: Omit<Parameters<typeof reportLog>[0], 'folder'> }} options
 *   `folder`: the report log's (reportLog.js's `reportFolderFor` by default); `trustedProxies`: addresses or
 *   ranges, comma-separated (clientNetwork.js); `log`: the log's limits (tests)
 * @returns {(request: Request, response: Response) => void}
 */
export function telemetryCollector({ store, ownOrigins, folder, rate, trustedProxies, log: logLimits }) {
  // A store on S3 without a report folder has no log: its reports are lost (503).
  const where = folder ?? reportFolderFor(store);
  const log = where === null ? null : reportLog({ ...logLimits, folder: where });
  const rates = clientRate(rate);
  const trusted = trustedProxiesOf(trustedProxies);
  return (request, response) => {
    const refuse = (/** @type {number} */ status, /** @type {string} */ reason, close = false) => {
      response.writeHead(status, {
        'Content-Type': 'text/plain; charset=utf-8',
        'Cache-Control': 'no-store',
        ...(status === 405 ? { Allow: 'POST' } : {}),
        ...(close ? { Connection: 'close' } : {}),
      });
      response.end(`${reason}\n`);
      if (close) response.on('finish', () => request.socket.destroy());
    };
    if (request.method !== 'POST') return refuse(405, 'reports are sent with POST');
    if (isCrossSite(request, ownOrigins())) return refuse(403, 'reports come from the pages of this origin');
    const network = networkOf(clientAddressOf(request, trusted));
    if (!rates.take(network)) return refuse(429, 'too many reports; send fewer');
    if (!reportTypes.test(request.headers['content-type'] ?? ''))
      return refuse(415, 'a report is JSON, sent as application/json or text/plain');
    const declared = Number(request.headers['content-length'] ?? 0);
    if (declared > maxReportBytes) return refuse(413, `a report is at most ${maxReportBytes} bytes`, true);

    /** @type {Buffer[]} */
    const chunks = [];
    let size = 0;
    let refused = false;
    request.on('data', (/** @type {Buffer} */ chunk) => {
      if (refused) return;
      size += chunk.length;
      if (size > maxReportBytes) {
        refused = true;
        refuse(413, `a report is at most ${maxReportBytes} bytes`, true);
      } else chunks.push(chunk);
    });
    request.on('end', () => {
      if (refused) return;
      /** @type {unknown} */
      let json;
      try {
        json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return refuse(400, 'a report is JSON');
      }
      const parsed = reportSchema.safeParse(json);
      if (!parsed.success) return refuse(400, reportWriter.refusals.notReport);
      // The line nginx writes too (reportWriter.js): the report as text, which the health job reads back.
      const outcome = log ? log.append(network, JSON.stringify(parsed.data)) : 'lost';
      if (outcome === 'network') return refuse(429, reportWriter.refusals.network);
      if (outcome !== 'written') return refuse(503, reportWriter.refusals[outcome]);
      response.writeHead(204, { 'Cache-Control': 'no-store' }).end();
    });
  };
}
