// @ts-check
import { reportFolderFor } from '../src/telemetry/reportLog.js';

/**
 * The report folder the edges and the health job use by default for the store in the folder `store`
 * (src/telemetry/reportLog.js's `reportFolderFor`, with this process's environment).
 * @param {string} store
 */
export function reportFolderOf(store) {
  const folder = reportFolderFor(store);
  if (folder === null) throw new Error(`${store} has no report folder`);
  return folder;
}
