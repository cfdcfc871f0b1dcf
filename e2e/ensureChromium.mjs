// @ts-check
/**
 * Makes sure the browser tests have a Chromium before they start: a headless shell where findChromium finds one;
 * else, as root where apt-get is, Debian's `chromium-headless-shell` (the suites take about a third of the full
 * browser's time with it); else the Chromium findChromium finds; else Playwright's download (where its host answers);
 * else it stops at once with one line saying what to do. Run by `npm test` and by the e2e package's `test`.
 */
import { spawnSync } from 'node:child_process';
import { isExecutableFile, isHeadlessShell } from '@murmur/build-tools/chromium';
import { searchChromium } from './chromium.mjs';

const WHAT_TO_DO =
  'Install Chromium (`sudo apt-get install chromium-headless-shell`, ' +
  'or `npx pnpm@10.34.9 --filter e2e exec playwright install chromium`) ' +
  'or set CHROMIUM_PATH to a Chromium binary, then run the tests again.';

/** @param {string} command @param {string[]} args */
function run(command, args) {
  console.log(`chromium: ${command} ${args.join(' ')}`);
  return spawnSync(command, args, { stdio: 'inherit' }).status === 0;
}

function installWithApt() {
  if (process.getuid?.() !== 0 || !isExecutableFile('/usr/bin/apt-get')) return false;
  return run('apt-get', ['update', '-qq']) && run('apt-get', ['install', '-y', '-qq', 'chromium-headless-shell']);
}

async function installWithPlaywright() {
  const host = process.env.PLAYWRIGHT_DOWNLOAD_HOST ?? 'https://cdn.playwright.dev';
  // Playwright's installer retries an unreachable host for minutes; ask the host first.
  const reachable = await fetch(host, { method: 'HEAD', signal: AbortSignal.timeout(5000) }).then(
    () => true,
    () => false,
  );
  if (!reachable) {
    console.log(`chromium: ${host} cannot be reached, so Playwright cannot download its Chromium`);
    return false;
  }
  return run(process.execPath, [
    new URL('./node_modules/@playwright/test/cli.js', import.meta.url).pathname,
    'install',
    'chromium',
  ]);
}

let search = searchChromium();
if (!process.env.CHROMIUM_PATH && !isHeadlessShell(search)) {
  console.log(`chromium: ${search.found ? 'no headless shell' : 'none'} found, installing one for the browser tests`);
  if (installWithApt() || (!search.found && (await installWithPlaywright()))) search = searchChromium();
}
if (search.found) {
  console.log(`chromium: ${search.path} (${search.source})`);
} else {
  console.error(`chromium: ${search.reason}.${process.env.CHROMIUM_PATH ? '' : ` ${WHAT_TO_DO}`}`);
  process.exit(1);
}
