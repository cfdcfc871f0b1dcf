import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Plugin, Rollup } from 'vite';
import { assetText } from '@murmur/build-tools/asset-text';
import { runtimeCoreFiles } from '@murmur/build-tools/runtime-core-chunk';
import { DEVELOPMENT_SHELL_ATTRIBUTE, developmentShellFolder, RUNTIME_CORE_ATTRIBUTE } from './src/early/pageHandoff';

/** Set in the environment of the development build this plugin starts: that build makes none of its own. */
const DEVELOPMENT_BUILD_ENV = 'VITE_SHELL_BUILD';

/** The development build's files the release carries: what its code loads, and its manifest (what overrides fit). */
const keptFiles = (file: string) =>
  (/^assets(\/|$)/.test(file) && !file.startsWith('assets/early-script-')) ||
  /^(remoteEntry-[^/]*\.js|mf-manifest\.json)$/.test(file);

/** The modules the federation plugin's bootstrap imports, in order: the host's init, its shares, the app's entry. */
function bootstrapImports(code: string): string[] {
  return [...code.matchAll(/__mfImport\("\.\/([^"]+)"\)/g)].map((match) => match[1] ?? '');
}

/** A chunk's name without its content hash: `hostInit-D-_eIJYb.js` is `hostInit`. */
const chunkName = (file: string) => file.replace(/-[\w-]{8}\.js$/, '');

/**
 * The early script's attribute (`DEVELOPMENT_SHELL_ATTRIBUTE`): `from=to` pairs, relative to the version folder,
 * separated by spaces. Refuses a development build whose bootstrap or runtime's core does not pair with this one's.
 */
function importPairs(bundle: Rollup.OutputBundle, outDir: string): string {
  const bootstrapOf = (files: string[], read: (file: string) => string) => {
    const file = files.find((name) => /^assets\/mf-entry-bootstrap-/.test(name));
    if (!file) throw new Error('the shell has no federation bootstrap');
    return bootstrapImports(read(file));
  };
  const from = bootstrapOf(Object.keys(bundle), (file) => {
    const output = bundle[file];
    if (!output) return '';
    return output.type === 'chunk' ? output.code : assetText(output);
  });
  const to = bootstrapOf(
    readdirSync(join(outDir, 'assets')).map((file) => `assets/${file}`),
    (file) => readFileSync(join(outDir, file), 'utf8'),
  );
  if (from.length === 0 || from.map(chunkName).join() !== to.map(chunkName).join())
    throw new Error(
      `the development shell's bootstrap imports ${to.join(', ')}, the production one ${from.join(', ')}`,
    );
  const pairs = from.map((file, at) => `assets/${file}=${developmentShellFolder}assets/${to[at]}`);
  // The runtime's core, content-hashed: the development build's copy is the production one, byte for byte.
  const core = runtimeCoreFiles(bundle);
  const developmentCore = new RegExp(`${RUNTIME_CORE_ATTRIBUTE}="([^"]*)"`).exec(
    readFileSync(join(outDir, 'index.html'), 'utf8'),
  )?.[1];
  if (developmentCore?.split(' ').sort().join() !== [...core].sort().join())
    throw new Error(
      `the development shell's runtime core (${developmentCore}) is not the production one's (${core.join(' ')})`,
    );
  for (const file of core) pairs.push(`${developmentShellFolder}${file}=${file}`);
  return pairs.join(' ');
}

/**
 * The shell's development build, carried by its release beside the production one (docs/overriding-a-remote.md,
 * "Fast Refresh through an override"): the same source built with React's development build and its development JSX
 * runtime (which it shares, as a remote's dev server needs), under `dev/` in the version folder. Only a tab that holds
 * an override runs it: the early script, on such a load, maps the modules the production page's bootstrap imports
 * onto the development build's (the pairs this plugin writes on the early script's tag, `developmentShellAttribute`),
 * and the development build's copies of the runtime's core onto the production ones (the same bytes: one runtime per
 * page). Everyone else's page loads the production build, as before; the build runs beside the production one, in a
 * process of its own (so that React's build is chosen by its `NODE_ENV`).
 */
export function developmentShellPlugin(): Plugin {
  let root = '';
  let building = false;
  let built: Promise<string> | null = null;
  const developmentBuild = process.env[DEVELOPMENT_BUILD_ENV] === 'development';

  const build = () =>
    new Promise<string>((resolve, reject) => {
      const outDir = mkdtempSync(join(tmpdir(), 'murmur-development-shell-'));
      const child = spawn(
        join(root, 'node_modules', '.bin', 'vite'),
        ['build', '--mode', 'development', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
        {
          cwd: root,
          env: { ...process.env, NODE_ENV: 'development', [DEVELOPMENT_BUILD_ENV]: 'development' },
          stdio: ['ignore', 'ignore', 'inherit'],
        },
      );
      child.once('error', reject);
      child.once('exit', (code) =>
        code === 0 ? resolve(outDir) : reject(new Error(`the shell's development build failed (${code})`)),
      );
    });

  return {
    name: 'murmur-development-shell',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
      building = config.command === 'build' && !developmentBuild && !process.env.VITEST;
    },
    buildStart() {
      // Beside the production build, on the other core.
      if (building) built ??= build();
    },
    // After the federation plugin has written the page's bootstrap, and before the page's data is read from it.
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        if (!built) return;
        const page = bundle['index.html'];
        if (page?.type !== 'asset') return;
        const html = assetText(page);
        const pairs = importPairs(bundle, await built);
        const tag = new RegExp(`<script\\b[^>]*\\b${RUNTIME_CORE_ATTRIBUTE}="[^"]*"`);
        if (!tag.test(html)) throw new Error("the shell's page has no early script to name its development build on");
        page.source = html.replace(tag, (opened) => `${opened} ${DEVELOPMENT_SHELL_ATTRIBUTE}="${pairs}"`);
      },
    },
    writeBundle: {
      sequential: true,
      async handler(options) {
        if (!built || !options.dir) return;
        const outDir = await built;
        cpSync(outDir, join(options.dir, developmentShellFolder), {
          recursive: true,
          filter: (source) => source === outDir || keptFiles(source.slice(outDir.length + 1)),
        });
        rmSync(outDir, { recursive: true, force: true });
      },
    },
  };
}
