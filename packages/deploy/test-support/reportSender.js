// @ts-check
import { request } from 'node:http';
import { maxReportBytes } from '@murmur/reports';

/**
 * Posts a report to a collector from a chosen local address, as clients on other machines would: on Linux every
 * address of 127.0.0.0/8 is the loopback interface's, so `from: '127.0.0.2'` needs no set-up (fetch cannot choose
 * its source address). Answers the status.
 * @param {string} url the collector's, `http://127.0.0.1:<port>/_telemetry`
 * @param {unknown} body sent as JSON text; a Buffer as it is
 * @param {{ from?: string; headers?: Record<string, string> }} [options]
 * @returns {Promise<number>}
 */
export function postReport(url, body, { from = '127.0.0.1', headers = {} } = {}) {
  const text = Buffer.isBuffer(body) ? body : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const sent = request(
      url,
      {
        method: 'POST',
        localAddress: from,
        agent: false,
        headers: { 'Content-Type': 'text/plain;charset=UTF-8', 'Content-Length': Buffer.byteLength(text), ...headers },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    sent.on('error', reject);
    sent.end(text);
  });
}

/**
 * What one page load reports of an app's version, as the shell sends it: two load phases, and an error on mount
 * when it `fails`.
 * @param {string} page its id
 * @param {{ app: string; version: string; fails: boolean }} load
 */
export function pageLoadReport(page, { app, version, fails }) {
  return {
    page,
    events: [
      { type: 'load', app, version, phase: 'manifest', ms: 30 },
      { type: 'load', app, version, phase: 'mount', ms: 12 },
      ...(fails ? [{ type: 'error', app, version, kind: 'mount', name: 'TypeError' }] : []),
    ],
  };
}

/**
 * A report as heavy as the schema lets one be, within `maxReportBytes` as JSON: 100 errors, each with a script path
 * as long as fits, a few bytes under the limit at most.
 * @param {string} page its id
 * @param {{ app: string; version: string }} load
 */
export function heaviestReport(page, { app, version }) {
  const withScripts = (/** @type {number[]} */ lengths) => ({
    page,
    events: lengths.map((length) => ({
      type: 'error',
      app,
      version,
      kind: 'runtime',
      name: 'TypeError',
      script: `/${'s'.repeat(length - 1)}`,
    })),
  });
  const size = (/** @type {number[]} */ lengths) => Buffer.byteLength(JSON.stringify(withScripts(lengths)));
  const base = size(Array(100).fill(1));
  const each = Math.min(300, 1 + Math.floor((maxReportBytes - base) / 100));
  const lengths = Array(100).fill(each);
  lengths[0] = Math.min(300, each + (maxReportBytes - size(lengths)));
  return withScripts(lengths);
}
