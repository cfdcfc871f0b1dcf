// @ts-check
/** @typedef {import('@playwright/test').Page} Page */

const MiB = 1024 * 1024;

/** The page's JS heap after a forced garbage collection, in MiB. @param {Page} page */
export async function heapMiB(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  await cdp.detach();
  return usedSize / MiB;
}
