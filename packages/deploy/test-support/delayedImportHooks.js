// @ts-check
// The module hooks of delayedImport.js: they run on Node's hooks thread, so holding an import there leaves the
// process's own thread free.
import { writeSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

const name = process.env.MURMUR_TEST_DELAY_IMPORT ?? '';
const delayMs = Number(process.env.MURMUR_TEST_DELAY_MS ?? 0);
let held = false;

/**
 * @param {string} url
 * @param {object} context
 * @param {(url: string, context: object) => Promise<unknown>} nextLoad
 */
export async function load(url, context, nextLoad) {
  if (!held && name !== '' && url.endsWith(`/${name}`)) {
    held = true;
    writeSync(2, `test: holding the import of ${name} for ${delayMs} ms\n`);
    await sleep(delayMs);
  }
  return nextLoad(url, context);
}
