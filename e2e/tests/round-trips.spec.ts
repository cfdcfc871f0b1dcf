import { expect, test } from '@playwright/test';
import { measureRoundTrips } from '../bench/roundTrips.mjs';
import { signIn } from './support';

/**
 * Nothing accumulates (docs/architecture.md, "How a remote is mounted"): unmounting a remote releases what its mount
 * made, so an hour of moving between screens ends where it began. 100 trips, not the live bench's 200: before the
 * parcels were released each trip left ~286 listeners, which 100 trips show as plainly, and the heap's own drift over
 * 200 trips (0.98 MiB in one run) sits at the 1 MiB bar, where a test would fail by chance.
 */
test('100 feed <-> profile round trips end with the listeners and nodes within 5 % and the heap within 1 MiB', async ({
  page,
}) => {
  test.setTimeout(900_000);
  await signIn(page, '/?mock-delay=0');
  await expect(page.getByRole('article').first()).toBeVisible();
  const { before, after } = await measureRoundTrips(page, 100);
  console.log(`round trips: before ${JSON.stringify(before)}, after ${JSON.stringify(after)}`);
  expect(Math.abs(after.listeners - before.listeners)).toBeLessThanOrEqual(before.listeners * 0.05);
  expect(Math.abs(after.nodes - before.nodes)).toBeLessThanOrEqual(before.nodes * 0.05);
  expect(after.heapMiB - before.heapMiB).toBeLessThanOrEqual(1);
});
