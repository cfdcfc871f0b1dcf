import fc from 'fast-check';
import { expect, it } from 'vitest';
import type { Post } from '@murmur/mock-api-contract';
import { type PostEntry, latestOrder, trendingFromLatest } from './post-order';
import { formatTimestamp, parseTimestamp } from './time';

// Only the order keys matter to the orders; the post is a stand-in.
const entryArbitrary = (time: fc.Arbitrary<number>) =>
  fc.record({ time, score: fc.nat(20) }).map(({ time, score }) => ({ time, score }));

const entriesOf = (keys: { time: number; score: number }[]): PostEntry[] =>
  keys.map((key, index) => ({ ...key, id: `post-${index + 1}`, seq: index + 1, post: {} as Post }));

const byComparator = (entries: PostEntry[]) => {
  const latest = [...entries].sort((a, b) => b.time - a.time || b.seq - a.seq);
  return { latest, trending: [...latest].sort((a, b) => b.score - a.score || b.time - a.time || b.seq - a.seq) };
};

it('bulk orders equal the comparator orders, for whole-second times and for any other time', () => {
  const wholeSeconds = fc.integer({ min: 0, max: 4_000_000 }).map((s) => 1_700_000_000_000 + s * 1000);
  const anyTime = fc.oneof(wholeSeconds, fc.integer({ min: -1e13, max: 1e13 }));
  for (const time of [wholeSeconds, anyTime]) {
    fc.assert(
      fc.property(fc.array(entryArbitrary(time), { maxLength: 60 }), (keys) => {
        const entries = entriesOf(keys);
        const latest = latestOrder(entries);
        expect({ latest, trending: trendingFromLatest(latest) }).toEqual(byComparator(entries));
      }),
    );
  }
});

it('reads the timestamps it writes without Date.parse, and any other form as Date.parse does', () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 4_000_000_000_000 }), (ms) => {
      expect(parseTimestamp(formatTimestamp(ms))).toBe(Math.floor(ms / 1000) * 1000);
    }),
  );
  expect(parseTimestamp('2026-11-22T14:03:09.500Z')).toBe(Date.parse('2026-11-22T14:03:09.500Z'));
  expect(parseTimestamp('2026-11-22T14:03:09+02:00')).toBe(Date.parse('2026-11-22T12:03:09Z'));
  expect(parseTimestamp('not a time')).toBe(0);
});
