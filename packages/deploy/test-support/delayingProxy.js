// @ts-check
// An HTTP proxy in front of the S3 server of the tests that slows down or holds chosen answers, or holds a chosen
// request back before the server gets it: how the lock's tests make a command slow, or pause it at a known point,
// without a hook in the code under test.
import { createServer, request as forward } from 'node:http';

/**
 * @typedef {{ method: string; url: string; headers: import('node:http').IncomingHttpHeaders; status: number }} Exchange
 *   a request as the proxy received it, and the status of the server's answer
 * @typedef {{ matches: (exchange: Exchange) => boolean; times: number; wait: () => Promise<void>;
 *   reached: () => void }} Rule
 */

/**
 * Starts a proxy on loopback that forwards every request to `upstream` at once, as it came (signatures stay valid),
 * unless a rule holds that request back first, and passes each answer back, unless a rule holds that answer back.
 * @param {string} upstream such as http://127.0.0.1:4090
 */
export async function startDelayingProxy(upstream) {
  /** Rules on answers. @type {Rule[]} */
  const rules = [];
  /** Rules on requests, whose `status` is 0: there is no answer yet. @type {Rule[]} */
  const requestRules = [];
  const server = createServer(async (incoming, outgoing) => {
    const request = { method: incoming.method ?? '', url: incoming.url ?? '', headers: incoming.headers, status: 0 };
    const held = requestRules.find((candidate) => candidate.times > 0 && candidate.matches(request));
    if (held) {
      held.times -= 1;
      held.reached();
      await held.wait();
    }
    const sent = forward(
      new URL(incoming.url ?? '/', upstream),
      { method: incoming.method, headers: incoming.headers },
      (answer) => {
        /** @type {Buffer[]} */
        const chunks = [];
        answer.on('data', (chunk) => chunks.push(chunk));
        answer.on('end', async () => {
          const exchange = {
            method: incoming.method ?? '',
            url: incoming.url ?? '',
            headers: incoming.headers,
            status: answer.statusCode ?? 0,
          };
          const rule = rules.find((candidate) => candidate.times > 0 && candidate.matches(exchange));
          if (rule) {
            rule.times -= 1;
            rule.reached();
            await rule.wait();
          }
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          outgoing.end(Buffer.concat(chunks));
        });
      },
    );
    sent.on('error', () => outgoing.destroy());
    incoming.pipe(sent);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());

  /**
   * @param {(exchange: Exchange) => boolean} matches
   * @param {number} times
   * @param {() => Promise<void>} wait
   * @param {Rule[]} [list]
   */
  const addRule = (matches, times, wait, list = rules) => {
    /** @type {() => void} */
    let reached = () => {};
    const hasReached = new Promise((resolve) => (reached = () => resolve(undefined)));
    list.push({ matches, times, wait, reached });
    return hasReached;
  };
  /** @param {(exchange: Exchange) => boolean} matches @param {Rule[]} list */
  const holdIn = (matches, list) => {
    /** @type {() => void} */
    let release = () => {};
    const released = new Promise((resolve) => (release = () => resolve(undefined)));
    return { reached: addRule(matches, 1, () => released, list), release };
  };

  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    /**
     * Passes on the answers that match `ms` late, `times` of them (every one by default).
     * @param {(exchange: Exchange) => boolean} matches
     * @param {number} ms
     * @param {{ times?: number }} [options]
     * @returns {Promise<void>} resolves when the first of them has come from the server
     */
    delay: (matches, ms, { times = Infinity } = {}) =>
      addRule(matches, times, () => new Promise((resolve) => setTimeout(resolve, ms))),
    /**
     * Holds back the next answer that matches until `release` is called.
     * @param {(exchange: Exchange) => boolean} matches
     */
    hold: (matches) => holdIn(matches, rules),
    /**
     * Holds back the next request that matches (its `status` is 0) until `release` is called: the server gets it
     * then, as a request slow on the network would reach it late.
     * @param {(exchange: Exchange) => boolean} matches
     */
    holdRequest: (matches) => holdIn(matches, requestRules),
    stop: () =>
      new Promise((resolve) => {
        server.close(() => resolve(undefined));
        server.closeAllConnections();
      }),
  };
}
