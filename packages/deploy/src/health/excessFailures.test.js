// @ts-check
import { expect, it } from 'vitest';
import { excessFailureBound, normalQuantile, wilsonInterval } from './excessFailures.js';

it('takes the normal quantiles of the usual confidences', () => {
  expect(normalQuantile(0.5)).toBe(0);
  expect(normalQuantile(0.95)).toBeCloseTo(1.644854, 6);
  expect(normalQuantile(0.975)).toBeCloseTo(1.959964, 6);
  expect(normalQuantile(0.99)).toBeCloseTo(2.326348, 6);
  expect(normalQuantile(0.9999)).toBeCloseTo(3.719016, 5);
  expect(normalQuantile(0.01)).toBeCloseTo(-2.326348, 6);
});

it("bounds a share by Wilson's interval, which stays within 0 and 1 and is not empty at none", () => {
  // The textbook case: none of 10 is, at 95 % each side, up to 27.8 %.
  const none = wilsonInterval(0, 10, 1.959964);
  expect(none.low).toBe(0);
  expect(none.high).toBeCloseTo(0.2775, 4);
  const all = wilsonInterval(10, 10, 1.959964);
  expect(all.high).toBeCloseTo(1, 12);
  expect(all.low).toBeCloseTo(1 - 0.2775, 4);
});

it('bounds the excess of failures below the difference seen, closer to it as the samples grow', () => {
  const bound = (/** @type {number} */ scale) =>
    excessFailureBound(
      { failed: 20 * scale, pageLoads: 100 * scale },
      { failed: 10 * scale, pageLoads: 100 * scale },
      0.99,
    );
  expect(bound(1)).toBeLessThan(0.1);
  expect(bound(1)).toBeLessThan(bound(10));
  expect(bound(10)).toBeLessThan(bound(1000));
  expect(bound(1000)).toBeLessThan(0.1);
  expect(bound(1000)).toBeGreaterThan(0.09);
  // The same counts either way round bound the excess below zero.
  expect(excessFailureBound({ failed: 10, pageLoads: 100 }, { failed: 20, pageLoads: 100 }, 0.99)).toBeLessThan(-0.1);
});
