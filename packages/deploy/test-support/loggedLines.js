// @ts-check
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import reportWriter from '../src/telemetry/reportWriter.js';

/**
 * Every line of the report log in `folder` as both edges write it (src/telemetry/reportWriter.js), parsed, in the
 * order they came (by `received`, a network's own lines in the order written); none where there is no log yet.
 * @param {string} folder
 * @returns {import('../src/telemetry/reportLog.js').LogLine[]}
 */
export function loggedLines(folder) {
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => reportWriter.hourOfFolder(name) !== null)
    .sort()
    .flatMap((hour) =>
      readdirSync(join(folder, hour))
        .filter((name) => reportWriter.isLineFile(name))
        .flatMap((name) => readFileSync(join(folder, hour, name), 'utf8').split('\n')),
    )
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line))
    .sort((a, b) => Date.parse(a.received) - Date.parse(b.received));
}

/**
 * The report log's bytes in `folder`: every file of every hour folder, the tallies included.
 * @param {string} folder
 */
export function loggedBytes(folder) {
  if (!existsSync(folder)) return 0;
  return readdirSync(folder)
    .filter((name) => reportWriter.hourOfFolder(name) !== null)
    .flatMap((hour) => readdirSync(join(folder, hour)).map((name) => readFileSync(join(folder, hour, name)).length))
    .reduce((sum, size) => sum + size, 0);
}
