// @ts-check
// The declarations of what the remotes an app loads expose, fetched from a deployed environment's live releases into
// <app>/remote-types/, for a machine without those remotes' source (docs/contracts.md, "On a machine with one
// remote"). The app's tsconfig.json reads them where the remote's source is not beside it.
//   node packages/scripts/remote-types.mjs <app> [--from <the environment's address>]   (by default npm start's, :4000)
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { appNames, usesOf } from '../config/apps.js';
import { contractFiles } from '../config/publishedTypes.js';

const [app, ...args] = process.argv.slice(2);
if (!appNames.includes(/** @type {never} */ (app))) {
  console.error(`usage: remote-types <app> [--from <address>]; apps: ${appNames.join(', ')}`);
  process.exit(2);
}
const fromIndex = args.indexOf('--from');
const environment = new URL(fromIndex >= 0 ? (args[fromIndex + 1] ?? '') : 'http://localhost:4000/');
const providers = [
  ...new Set(usesOf(/** @type {import('@murmur/config/apps').AppName} */ (app)).map((id) => id.split('/')[0])),
];
if (providers.length === 0) {
  console.error(`${app} loads no module of another remote`);
  process.exit(0);
}

/** @param {URL} url */
async function text(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status} ${response.statusText}`);
  return response.text();
}

const remotes = JSON.parse(await text(new URL('remotes.json', environment)));
const folder = join(fileURLToPath(new URL('../../', import.meta.url)), app, 'remote-types');
mkdirSync(folder, { recursive: true });
let failed = false;
for (const provider of providers) {
  const manifest = remotes[provider];
  if (typeof manifest !== 'string') {
    console.error(`${environment.origin}'s remotes.json names no live ${provider}`);
    failed = true;
    continue;
  }
  // A release's published declarations are in its version folder, beside its manifest.
  const declarations = new URL(contractFiles.exposes, manifest);
  try {
    writeFileSync(join(folder, `${provider}.d.ts`), await text(declarations));
    console.error(`${app}/remote-types/${provider}.d.ts from ${declarations}`);
  } catch (error) {
    console.error(`${provider}: ${error instanceof Error ? error.message : String(error)}`);
    failed = true;
  }
}
process.exitCode = failed ? 1 : 0;
