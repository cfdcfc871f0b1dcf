// @ts-check
import reportWriter from './reportWriter.js';
import ipaddr from 'ipaddr.js';

/** @typedef {import('node:http').IncomingMessage} Request */
/** @typedef {ipaddr.IPv4 | ipaddr.IPv6} Address */

/** The environment variable the store server reads its trusted proxies from: addresses or ranges, comma-separated. */
export const trustedProxiesVariable = 'MURMUR_TRUSTED_PROXIES';

/**
 * The proxies whose `X-Forwarded-For` the collector believes, from a list of addresses or ranges (`10.0.0.7`,
 * `10.0.0.0/8`, `fd00::/8`), such as `MURMUR_TRUSTED_PROXIES` holds. An empty list trusts none: the socket's peer
 * is the client.
 * @param {string | undefined} text comma-separated
 * @returns {TrustedProxies}
 * @throws {Error} naming an entry that is neither an address nor a range
 */
export function trustedProxiesOf(text) {
  const ranges = (text ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map((entry) => {
      try {
        if (entry.includes('/')) return ipaddr.parseCIDR(entry);
        const address = ipaddr.process(entry);
        return /** @type {[Address, number]} */ ([address, address.kind() === 'ipv4' ? 32 : 128]);
      } catch {
        throw new Error(`${trustedProxiesVariable}: ${JSON.stringify(entry.slice(0, 60))} is not an address or range`);
      }
    });
  return {
    size: ranges.length,
    /** @param {Address} address */
    has: (address) => ranges.some((range) => address.kind() === range[0].kind() && address.match(range)),
  };
}

/** @typedef {{ size: number; has: (address: Address) => boolean }} TrustedProxies */

/**
 * The address of the client that sent `request`: the socket's peer, unless the peer is a trusted proxy; then
 * `X-Forwarded-For` is read from its end (each proxy appends the address it was sent from) back past the trusted
 * proxies, to the first address that is not one. What a client writes in the field itself sits before that and is
 * never reached. An entry that is not an address stops the walk at the hop that handed it over. Null when the socket
 * is gone.
 * @param {Request} request
 * @param {TrustedProxies} trusted
 * @returns {Address | null}
 */
export function clientAddressOf(request, trusted) {
  const peer = parseAddress(request.socket.remoteAddress);
  if (!peer || !trusted.has(peer)) return peer;
  const forwarded = (request.headersDistinct['x-forwarded-for'] ?? []).flatMap((field) => field.split(','));
  let client = peer;
  for (let index = forwarded.length - 1; index >= 0 && trusted.has(client); index -= 1) {
    const hop = parseAddress(forwarded[index]?.trim());
    if (!hop) break;
    client = hop;
  }
  return client;
}

/**
 * The network an address is counted under, for the rate and the health figures: an IPv4 address is its own network; an
 * IPv6 address is its /64, the smallest block a provider hands a subscriber (one machine can use any of its 2^64
 * addresses), written `2001:db8:1:2::/64` (its four first groups, unabridged). An IPv4 address inside IPv6
 * (`::ffff:127.0.0.2`) is that IPv4 one. Never the full IPv6 address: the network is what the log keeps.
 * @param {Address | null} address
 */
export function networkOf(address) {
  if (!address) return 'unknown';
  if (address.kind() === 'ipv4') return address.toString();
  const prefix = /** @type {ipaddr.IPv6} */ (address).parts.slice(0, 4);
  return `${prefix.map((part) => part.toString(16)).join(':')}::/64`;
}

/**
 * The network of a line of the report log, as either edge wrote it (health/reportFiles.js reads it): an address, or an
 * IPv6 /64 as `networkOf` writes it (nginx writes the /64 itself, edge/nginx/reportCollection.js), taken to
 * `networkOf`'s form; `unknown` for anything else.
 * @param {unknown} text
 */
export function loggedNetworkOf(text) {
  if (typeof text !== 'string') return 'unknown';
  return networkOf(parseAddress(text.replace(/\/64$/, '')));
}

/**
 * The network a logged network (`networkOf`'s form) counts as in the health figures (health/figures.js): an IPv4
 * address as it is; an IPv6 /64 as its /48, written `2001:db8:1::/48` (its three first groups). The rate and the log
 * keep the /64, the block one subscriber's machine roams; the figures count the /48, the block one subscriber can hold
 * (a site's allocation, a free tunnel broker's): its 65,536 /64s count as one network, for the cap on its page loads
 * and for the networks a verdict waits for. What does not read as a /64 is kept as it is.
 * @param {string} network
 */
export function countedNetworkOf(network) {
  // The report log's writer keeps each counted network's reports apart by the same rule: its one source.
  return reportWriter.countedNetworkOf(network);
}

/**
 * An address as text, an IPv4 address inside IPv6 taken as IPv4, a zone (`%eth0`) dropped; null when it is none.
 * @param {string | undefined} text
 * @returns {Address | null}
 */
function parseAddress(text) {
  if (!text) return null;
  try {
    return ipaddr.process(text.replace(/%.*$/, ''));
  } catch {
    return null;
  }
}
