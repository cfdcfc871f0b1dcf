// @ts-check
import { connect } from 'node:net';

/**
 * The first final response read off a connection: status, header fields (names in lower case, every value) and body
 * (chunked transfer coding removed, content coding kept).
 * @typedef {{ status: number; headers: Map<string, string[]>; body: Buffer }} RawResponse
 */

/**
 * What a test saw after writing raw bytes to the server.
 * - response: the first final response, once whole, else null;
 * - closedByServer: the server closed the connection (before our timeout);
 * - received: every byte the server sent.
 * @typedef {{ response: RawResponse | null; closedByServer: boolean; received: Buffer }} Exchange
 */

/**
 * Writes `bytes` as they are on a fresh loopback connection (no client library to clean up a hostile request), and
 * waits until a whole response has arrived (with `untilClose`, until the server closes the connection), the server
 * closes the connection, or `waitMs` has passed; then closes it.
 * @param {number} port
 * @param {string | Buffer} bytes a string is sent as latin1, one byte a character
 * @param {{ waitMs?: number; head?: boolean; untilClose?: boolean }} [options] head: the response has no body
 * @returns {Promise<Exchange>}
 */
export function exchange(port, bytes, { waitMs = 5_000, head = false, untilClose = false } = {}) {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    /** @type {Buffer[]} */
    const chunks = [];
    let settled = false;
    /** @param {boolean} closedByServer */
    const finish = (closedByServer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const received = Buffer.concat(chunks);
      resolve({ response: parseResponse(received, { head, closed: closedByServer }), closedByServer, received });
    };
    const timer = setTimeout(() => finish(false), waitMs);
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      if (!untilClose && parseResponse(Buffer.concat(chunks), { head })) finish(false);
    });
    socket.on('close', () => finish(true));
    // A reset is one more way for the server to close: the exchange reports it as such.
    socket.on('error', () => finish(true));
    socket.write(typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : bytes);
  });
}

/**
 * The first final (non-1xx) response in `bytes` when it has arrived whole, else null.
 * @param {Buffer} bytes
 * @param {{ head?: boolean; closed?: boolean }} options head: the response has no body; closed: the server closed
 *   the connection, which ends a body that has neither length nor chunks
 * @returns {RawResponse | null}
 */
function parseResponse(bytes, { head = false, closed = false }) {
  let start = 0;
  for (;;) {
    const end = bytes.indexOf('\r\n\r\n', start);
    if (end < 0) return null;
    const [statusLine = '', ...lines] = bytes.toString('latin1', start, end).split('\r\n');
    const status = Number(/^HTTP\/\d\.\d (\d{3})/.exec(statusLine)?.[1]);
    if (!status) return null;
    /** @type {Map<string, string[]>} */
    const headers = new Map();
    for (const line of lines) {
      const colon = line.indexOf(':');
      const name = line.slice(0, colon).trim().toLowerCase();
      headers.set(name, [...(headers.get(name) ?? []), line.slice(colon + 1).trim()]);
    }
    const bodyStart = end + 4;
    if (status < 200) {
      start = bodyStart;
      continue;
    }
    if (head || status === 204 || status === 304) return { status, headers, body: Buffer.alloc(0) };
    const length = headers.get('content-length')?.[0];
    if (length !== undefined) {
      const body = bytes.subarray(bodyStart, bodyStart + Number(length));
      return body.length === Number(length) ? { status, headers, body } : null;
    }
    if (headers.get('transfer-encoding')?.[0]?.toLowerCase() === 'chunked') {
      const body = dechunk(bytes.subarray(bodyStart));
      return body && { status, headers, body };
    }
    return closed ? { status, headers, body: bytes.subarray(bodyStart) } : null;
  }
}

/**
 * The payload of a whole chunked body, or null while its last chunk has not arrived.
 * @param {Buffer} bytes
 */
function dechunk(bytes) {
  /** @type {Buffer[]} */
  const parts = [];
  let at = 0;
  for (;;) {
    const lineEnd = bytes.indexOf('\r\n', at);
    if (lineEnd < 0) return null;
    const size = parseInt(bytes.toString('latin1', at, lineEnd), 16);
    if (Number.isNaN(size)) return null;
    if (size === 0) return Buffer.concat(parts);
    if (bytes.length < lineEnd + 2 + size + 2) return null;
    parts.push(bytes.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}

/**
 * A plain request to one of the server's ports, with any header fields, written by hand so that nothing is
 * normalised on the way: the target goes out byte for byte.
 * @param {number} port
 * @param {string} target
 * @param {{ method?: string; headers?: [string, string][]; waitMs?: number }} [options]
 */
export function request(port, target, { method = 'GET', headers = [], waitMs } = {}) {
  const fields = [['Host', `127.0.0.1:${port}`], ['Connection', 'close'], ...headers];
  const head = `${method} ${target} HTTP/1.1\r\n${fields.map(([name, value]) => `${name}: ${value}\r\n`).join('')}\r\n`;
  return exchange(port, head, { head: method === 'HEAD', waitMs });
}

/**
 * The port a listening server was given.
 * @param {import('node:net').Server | undefined} server
 */
export function portOf(server) {
  const address = server?.address();
  if (!address || typeof address === 'string') throw new Error('the server is not listening on a port');
  return address.port;
}
