// @ts-check
import { LRUCache } from 'lru-cache';

/** How many reports a client network may send by default: a burst of 20, then 30 a minute (both edges). */
export const reportRate = { burst: 20, perMinute: 30 };

/**
 * How many reports each client may send: a bucket of `burst` reports, refilled at `perMinute`. The clients are kept
 * in a bounded cache, so a flood from ever new addresses costs memory for `clients` of them at most (the least
 * recently seen go first, and come back with a full bucket: a flood of new clients is refused by the size of each
 * report, not remembered).
 * @param {{ burst?: number; perMinute?: number; clients?: number; now?: () => number }} [options]
 */
export function clientRate({
  burst = reportRate.burst,
  perMinute = reportRate.perMinute,
  clients = 10_000,
  now = Date.now,
} = {}) {
  /** @type {LRUCache<string, { tokens: number; at: number }>} */
  const buckets = new LRUCache({ max: clients });
  return {
    /** Takes one report's token from `client`'s bucket; false when it is empty. @param {string} client */
    take(client) {
      const time = now();
      const bucket = buckets.get(client) ?? { tokens: burst, at: time };
      const tokens = Math.min(burst, bucket.tokens + ((time - bucket.at) / 60_000) * perMinute);
      const allowed = tokens >= 1;
      buckets.set(client, { tokens: allowed ? tokens - 1 : tokens, at: time });
      return allowed;
    },
  };
}
