// @ts-check
/**
 * Where the main thread's time goes in a cold, signed-in load up to the first post: a CPU profile (V8's sampling
 * profiler through CDP, a sample every 200 µs) of its own cold load, apart from the timed ones, which the profiler
 * would slow. It answers the busy time, of it what is outside JavaScript (V8's `(program)`: parsing, compiling,
 * instantiating and linking modules, the HTML parser) and the garbage collector, and the self time of each script
 * file, named by app and file with the version folder left out so that both builds' names compare.
 */
import { readMarks } from './probe.mjs';
import { openPage } from './scenarios.mjs';

const samplingIntervalUs = 200;

/**
 * @typedef {{ busyMs: number; programMs: number; gcMs: number; scriptMs: number;
 *   byFile: Record<string, number> }} LoadProfile
 * @typedef {{
 *   nodes: { id: number; callFrame: { url: string; functionName: string } }[];
 *   samples: number[];
 *   timeDeltas: number[];
 *   startTime: number;
 *   endTime: number;
 * }} CpuProfile
 */

/**
 * @param {import('@playwright/test').Browser} browser @param {string} origin
 * @param {Awaited<ReturnType<import('@playwright/test').BrowserContext['storageState']>>} session
 * @returns {Promise<LoadProfile>}
 */
export async function profiledColdLoad(browser, origin, session) {
  const { context, page } = await openPage(browser, session);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: samplingIntervalUs });
  await cdp.send('Profiler.start');
  await page.goto(`${origin}/`);
  await page.locator('article').first().waitFor({ timeout: 60_000 });
  // The profile's clock is V8's own (µs): the page's clock read just before it stops ties the two together, within
  // the few ms between the two calls.
  const pageNow = await page.evaluate(() => performance.now());
  const { profile } = /** @type {{ profile: CpuProfile }} */ (await cdp.send('Profiler.stop'));
  const marks = await readMarks(page);
  await context.close();
  const toPageTime = (/** @type {number} */ sampleUs) => pageNow - (profile.endTime - sampleUs) / 1000;
  return summarizeProfile(profile, toPageTime, marks.firstPost ?? Infinity);
}

/**
 * Adds each sample's time to its node: busy is every sample but `(idle)`; a script's self time goes to its file.
 * Samples before navigation (the blank page) and after `until` are left out.
 * @param {CpuProfile} profile
 * @param {(sampleUs: number) => number} toPageTime a sample's time on the profile's clock as ms since navigation
 * @param {number} until ms since navigation
 * @returns {LoadProfile}
 */
function summarizeProfile(profile, toPageTime, until) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const result = { busyMs: 0, programMs: 0, gcMs: 0, scriptMs: 0, byFile: /** @type {Record<string, number>} */ ({}) };
  let time = profile.startTime;
  profile.samples.forEach((id, index) => {
    time += profile.timeDeltas[index] ?? 0;
    const at = toPageTime(time);
    // A sample's time is the gap to the next one.
    const ms = (profile.timeDeltas[index + 1] ?? 0) / 1000;
    if (at < 0 || at > until) return;
    const frame = nodes.get(id)?.callFrame;
    if (!frame || frame.functionName === '(idle)') return;
    result.busyMs += ms;
    if (frame.functionName === '(program)') result.programMs += ms;
    else if (frame.functionName === '(garbage collector)') result.gcMs += ms;
    else {
      result.scriptMs += ms;
      const file = fileOf(frame.url);
      result.byFile[file] = (result.byFile[file] ?? 0) + ms;
    }
  });
  return result;
}

/**
 * A script's name without its version folder or query: `:4002 remoteEntry.js`, `:4000 shell-<hash>.js`; the page
 * itself (its inline scripts) is `:4000 (page)`, and the browser's own code `(native)`.
 * @param {string} url
 */
function fileOf(url) {
  if (!url) return '(native)';
  try {
    const { port, pathname } = new URL(url);
    const name = pathname.split('/').pop() || '(page)';
    return `:${port} ${name}`;
  } catch {
    return url;
  }
}
