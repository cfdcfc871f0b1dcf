// @ts-check
import { loggedLines } from '../../test-support/loggedLines.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pageLoadReport, postReport } from '../../test-support/reportSender.js';
import { portOf } from '../../test-support/rawHttp.js';
import { startStoreServer } from '../edge/server.js';
import { promotedStore } from '../../test-support/testStore.js';
import { countedNetworkOf, loggedNetworkOf, trustedProxiesOf, trustedProxiesVariable } from './clientNetwork.js';
import { reportFolderOf } from '../../test-support/reportFolderOf.js';

// The client's network, as the collector finds it through the real server: the socket's peer (127.0.0.2-4 are this
// machine's loopback addresses too), or through a trusted proxy its X-Forwarded-For.

/** @type {Awaited<ReturnType<typeof promotedStore>>} */
let promoted;
/** @type {Awaited<ReturnType<typeof startStoreServer>>[]} */
const servers = [];
/** The collector trusting 127.0.0.1 as its proxy (by the environment), with a burst of 2 a network. */
let proxied = '';
/** The collector trusting no proxy, with the same rate. */
let direct = '';

beforeAll(async () => {
  promoted = await promotedStore();
  const start = async () => {
    const server = await startStoreServer({
      store: promoted.store,
      apps: ['shell'],
      portOf: () => 0,
      host: '127.0.0.1',
      telemetry: { rate: { burst: 2, perMinute: 0.001 } },
    });
    servers.push(server);
    return `http://127.0.0.1:${portOf(server.servers[0])}/_telemetry`;
  };
  direct = await start();
  // The server reads its trusted proxies from the environment as it starts.
  vi.stubEnv(trustedProxiesVariable, ' 127.0.0.1 , 10.0.0.0/8');
  try {
    proxied = await start();
  } finally {
    vi.unstubAllEnvs();
  }
});

afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
});

let pages = 0;
const report = () => {
  pages += 1;
  return pageLoadReport(`pg_network_${pages}`, { app: 'feed-mfe', version: '0123456789ab-1c0ffee', fails: false });
};
/** The network logged with the report of page `page`. @param {string} page */
const loggedNetwork = (page) => {
  const lines = loggedLines(reportFolderOf(promoted.store));
  return lines.find((entry) => JSON.parse(entry.report).page === page)?.network;
};

describe('the client network of a report', () => {
  it("is the peer address, logged with each report; an untrusted peer's forwarded address is ignored", async () => {
    const sent = report();
    expect(await postReport(direct, sent, { from: '127.0.0.3', headers: { 'X-Forwarded-For': '198.51.100.1' } })).toBe(
      204,
    );
    expect(loggedNetwork(sent.page)).toBe('127.0.0.3');
  });

  it("is the forwarded address when a trusted proxy sends it, an IPv6 one's /64, never the whole address", async () => {
    const sent = report();
    const headers = { 'X-Forwarded-For': '203.0.113.5, 2001:db8:a:b:1:2:3:4, 10.1.2.3' };
    expect(await postReport(proxied, sent, { headers })).toBe(204);
    // Read from the end: 10.1.2.3 is a trusted proxy, the address before it the client; what came first is its own.
    expect(loggedNetwork(sent.page)).toBe('2001:db8:a:b::/64');
    expect(JSON.stringify(loggedLines(reportFolderOf(promoted.store)))).not.toContain('1:2:3:4');
  });

  it('has its own rate, so that visitors behind one proxy do not share one, and one /64 is one client', async () => {
    const from = (/** @type {string} */ address) =>
      postReport(proxied, report(), { headers: { 'X-Forwarded-For': address } });
    expect(await from('2001:db8:5:6::a')).toBe(204);
    expect(await from('2001:db8:5:6::b')).toBe(204);
    expect(await from('2001:db8:5:6:ffff::1')).toBe(429); // the same /64: its burst of 2 is spent
    expect(await from('2001:db8:5:7::1')).toBe(204); // the next /64
    expect(await from('192.0.2.8')).toBe(204);
    // Without a trusted proxy, the socket's peer is the client: 127.0.0.4 is refused after two, whatever it claims.
    for (const [index, expected] of [204, 204, 429].entries()) {
      const headers = { 'X-Forwarded-For': `192.0.2.${100 + index}` };
      expect(await postReport(direct, report(), { from: '127.0.0.4', headers })).toBe(expected);
    }
  });

  it('refuses a trusted proxy that is not an address or a range, naming the variable', () => {
    expect(trustedProxiesOf(undefined).size).toBe(0);
    expect(() => trustedProxiesOf('10.0.0.1, proxy.internal')).toThrow(
      `${trustedProxiesVariable}: "proxy.internal" is not an address or range`,
    );
  });
});

describe('the network a report counts as in the health figures', () => {
  it("is an IPv4 address itself, an IPv6 address's /48, whichever of its /64s or way of writing it was logged", () => {
    const counted = (/** @type {string} */ logged) => countedNetworkOf(loggedNetworkOf(logged));
    expect(counted('192.0.2.7')).toBe('192.0.2.7');
    expect(counted('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(counted('2001:db8:77:1::/64')).toBe('2001:db8:77::/48');
    expect(counted('2001:db8:77:ffff:1:2:3:4')).toBe('2001:db8:77::/48');
    expect(counted('2001:db8::5')).toBe('2001:db8:0::/48');
    expect(counted('2001:db8:78:1::/64')).not.toBe(counted('2001:db8:77:1::/64'));
    expect(counted('not an address')).toBe('unknown');
  });
});
