// @ts-check
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pageDataFile, pageDataOf } from '@murmur/config/page-data';
import { contractFiles } from '@murmur/config/published-types';

/**
 * Unit tests' stand-in for a Vite build: the files a release folder holds, with a manifest shaped like the ones
 * @module-federation/vite writes. Browser tests use real builds.
 * @param {{ name: string; exposes?: string[]; react?: string; page?: string; publicPath?: string;
 *   published?: { exposes?: string; uses?: string }; pageData?: boolean }} options `published`: the declarations its
 *   build would print (testContracts.js); `pageData`: whether it writes the page's data beside index.html, as builds
 *   do (packages/config/pageData.js), or not, as builds made before did
 */
export function fakeBuild({
  name,
  exposes = [],
  react = '19.3.1',
  page = '<title>x</title>',
  publicPath = 'auto',
  published = {},
  pageData = true,
}) {
  const dir = mkdtempSync(join(tmpdir(), 'murmur-fake-build-'));
  mkdirSync(join(dir, 'assets'));
  const manifest = {
    id: name,
    name,
    metaData: { name, remoteEntry: { name: 'remoteEntry.js', path: '', type: 'module' }, publicPath },
    shared: [
      { id: `${name}:react`, name: 'react', version: react, singleton: true, requiredVersion: `^${react}` },
      { id: `${name}:jotai`, name: 'jotai', version: '2.20.3', singleton: true, requiredVersion: '^2.20.3' },
    ],
    exposes: exposes.map((path) => ({
      id: `${name}:${path.slice(2)}`,
      name: path.slice(2),
      path,
      assets: { js: { sync: [], async: [] }, css: { sync: ['assets/index-Ab12Cd34.css'], async: [] } },
    })),
  };
  writeFileSync(join(dir, 'mf-manifest.json'), JSON.stringify(manifest));
  // The entry names the chunk of its exposes; the page's own script (the remote alone) only the page names.
  writeFileSync(
    join(dir, 'remoteEntry.js'),
    `export const name = ${JSON.stringify(name)};\nexport const get = () => import("./assets/remote-Ef56Gh78.js");\n`,
  );
  writeFileSync(join(dir, 'assets', 'remote-Ef56Gh78.js'), `export const screen = ${JSON.stringify(name)};\n`);
  writeFileSync(join(dir, 'assets', 'index-Ab12Cd34.js'), `console.log(${JSON.stringify(name)});\n`.repeat(100));
  writeFileSync(join(dir, 'assets', 'index-Ab12Cd34.css'), 'body { color: teal; }\n');
  const html = `<!doctype html>\n<html>\n  <head>${page}</head>\n  <body></body>\n</html>\n`;
  writeFileSync(join(dir, 'index.html'), html);
  if (pageData) writeFileSync(join(dir, pageDataFile), JSON.stringify(pageDataOf(html)));
  writeFileSync(join(dir, 'remotes.json'), '{}');
  if (published.exposes !== undefined) writeFileSync(join(dir, contractFiles.exposes), published.exposes);
  if (published.uses !== undefined) writeFileSync(join(dir, contractFiles.uses), published.uses);
  return dir;
}

/** An empty store in a temporary folder, readable by nginx's workers (a user of their own) as a server's store is. */
export function temporaryStore() {
  const store = mkdtempSync(join(tmpdir(), 'murmur-store-test-'));
  chmodSync(store, 0o755);
  return store;
}
