// @ts-check
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { federation } from '@module-federation/vite';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directExposesPlugin } from './directExposes.js';

// A small remote, built by the federation plugin with the plugin under test after it, as every remote is
// (packages/build-tools/vite.js): two exposes that share a module, and one that loads another module later.
const sources = {
  'src/app.js':
    "import { shared } from './shared.js';\nexport const app = () => shared('app') + import('./later.js');\n",
  'src/other.js': "import { shared } from './shared.js';\nexport const other = () => shared('other');\n",
  'src/shared.js': 'export const shared = (name) => `shared by ${name}`;\n',
  'src/later.js': 'export const later = 1;\n',
  'src/main.js': "document.title = 'tiny';\n",
  'index.html': '<!doctype html><html><body><script type="module" src="/src/main.js"></script></body></html>\n',
};
const exposes = { './app': './src/app.js', './other': './src/other.js' };

/** @type {string} */
let root;
/** @type {{ path: string; murmurEntry?: string; murmurFiles?: string[] }[]} */
let exposed;

beforeAll(async () => {
  // The plugin makes nothing under a test runner unless told to (its documented switch).
  process.env.MFE_VITE_NO_TEST_ENV_CHECK = 'true';
  // Inside the package, whose node_modules the build resolves from.
  root = mkdtempSync(join(import.meta.dirname, 'node_modules', '.direct-exposes-'));
  mkdirSync(join(root, 'src'));
  for (const [file, text] of Object.entries(sources)) writeFileSync(join(root, file), text);
  writeFileSync(join(root, 'package.json'), '{ "name": "tiny-remote", "version": "1.0.0", "type": "module" }\n');
  await build({
    root,
    configFile: false,
    logLevel: 'silent',
    base: './',
    plugins: [
      federation({ name: 'tiny', filename: 'remoteEntry.js', exposes, manifest: true, dts: false, shared: {} }),
      directExposesPlugin({ root, exposes }),
    ],
    build: { target: 'esnext', outDir: join(root, 'dist') },
  });
  exposed = JSON.parse(readFileSync(join(root, 'dist', 'mf-manifest.json'), 'utf8')).exposes;
}, 60_000);

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("a remote's manifest, as its build writes it", () => {
  it("names each expose's own file, which exports the expose's module", () => {
    for (const path of Object.keys(exposes)) {
      const expose = exposed.find((entry) => entry.path === path);
      expect(expose?.murmurEntry, path).toBeDefined();
      const code = readFileSync(join(root, 'dist', String(expose?.murmurEntry)), 'utf8');
      expect(code, path).toMatch(path === './app' ? /\bapp\b/ : /\bother\b/);
    }
  });

  it('lists what each expose imports statically, the expose first, and not what it loads later', () => {
    for (const expose of exposed) {
      const files = expose.murmurFiles ?? [];
      expect(files[0]).toBe(expose.murmurEntry);
      for (const file of files) expect(existsSync(join(root, 'dist', file)), file).toBe(true);
      const texts = files.map((file) => readFileSync(join(root, 'dist', file), 'utf8'));
      expect(texts.join('\n'), expose.path).toContain('shared by');
      expect(
        texts.some((text) => /\blater\s*=\s*1\b/.test(text)),
        expose.path,
      ).toBe(false);
    }
  });

  it("keeps the plugin's own manifest fields, for the runtime's path", () => {
    const manifest = JSON.parse(readFileSync(join(root, 'dist', 'mf-manifest.json'), 'utf8'));
    expect(manifest.metaData.remoteEntry.name).toBe('remoteEntry.js');
    expect(manifest.exposes.map((/** @type {{ path: string }} */ expose) => expose.path).sort()).toEqual([
      './app',
      './other',
    ]);
  });
});
