// @ts-check
/** @typedef {import('@playwright/test').Page} Page */
/** @typedef {import('@playwright/test').CDPSession} CDPSession */

const MiB = 1024 * 1024;

/** The page's JS heap after a forced garbage collection, in MiB. @param {Page} page */
export async function heapMiB(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  await cdp.detach();
  return usedSize / MiB;
}

/**
 * The JS heap after a forced garbage collection, from a heap snapshot: the page's objects (every node of the snapshot
 * but compiled code and Blink's native objects, whose leaks the DOM counters tell) and the engine's compiled code.
 * @param {CDPSession} cdp @returns {Promise<{ objectsMiB: number; codeMiB: number }>}
 */
export async function heapSnapshotMiB(cdp) {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  /** @type {string[]} */
  const chunks = [];
  const collect = (/** @type {{ chunk: string }} */ { chunk }) => chunks.push(chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', collect);
  try {
    await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  } finally {
    cdp.off('HeapProfiler.addHeapSnapshotChunk', collect);
  }
  /** @type {{ snapshot: { meta: { node_fields: string[]; node_types: [string[]] } }; nodes: number[] }} */
  const snapshot = JSON.parse(chunks.join(''));
  const fields = snapshot.snapshot.meta.node_fields;
  const types = snapshot.snapshot.meta.node_types[0];
  const typeAt = fields.indexOf('type');
  const sizeAt = fields.indexOf('self_size');
  let objects = 0;
  let code = 0;
  for (let at = 0; at < snapshot.nodes.length; at += fields.length) {
    const type = types[/** @type {number} */ (snapshot.nodes[at + typeAt])];
    const size = /** @type {number} */ (snapshot.nodes[at + sizeAt]);
    if (type === 'code') code += size;
    else if (type !== 'native') objects += size;
  }
  return { objectsMiB: objects / MiB, codeMiB: code / MiB };
}
