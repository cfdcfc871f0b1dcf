// @ts-check
import { readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import madge from 'madge';
import { describe, expect, it } from 'vitest';

// The folders of src/ and which others each may import (README.md, "Layout"): the store at the bottom, then the
// pages and telemetry on it, the switches on the pages, the edge and the health job on them, and the commands, which
// read the command line, on top. A folder imports itself and the shared packages freely. cli.js and index.js, the
// entry points, may import any folder; nothing imports them.
const mayImport = /** @type {const} */ ({
  store: [],
  page: ['store'],
  telemetry: ['store'],
  switches: ['store', 'page'],
  edge: ['store', 'page', 'telemetry'],
  health: ['store', 'switches', 'telemetry'],
  commands: ['store', 'page', 'telemetry', 'switches', 'edge', 'health'],
});
const entryPoints = ['cli.js', 'index.js'];

const src = dirname(fileURLToPath(import.meta.url));

/**
 * The folder of src/ a module is in, or its own name for a module at the top.
 * @param {string} module a path relative to src/, "/"-separated
 */
const folderOf = (module) => module.split('/')[0] ?? module;

/**
 * The modules of src/ that `module` imports: what madge reads from its import statements, and the modules its JSDoc
 * names in `import('…')` types, which the type check follows as well.
 * @param {Record<string, string[]>} graph madge's, relative to src/
 * @param {string} module
 */
function importsOf(graph, module) {
  const source = readFileSync(join(src, module), 'utf8');
  const types = [...source.matchAll(/import\('(\.{1,2}\/[^']+)'\)/g)].map((match) =>
    posix.join(posix.dirname(module), /** @type {string} */ (match[1])),
  );
  return [...new Set([...(graph[module] ?? []), ...types])];
}

describe('the folders of src/', () => {
  it('import only the folders below them', async () => {
    // Tests are left out: a test beside its module may set a scene with the commands above it.
    const result = await madge(src, { fileExtensions: ['js'], excludeRegExp: [/\.test\.js$/] });
    const graph = result.obj();
    // madge walks from the tests into test-support/ too, though it leaves the tests out: src/ is what is ruled.
    const modules = Object.keys(graph).filter((module) => !module.startsWith('../'));
    // What it cannot resolve are the shared packages' exports, which any folder may import; never a module of src/.
    const unresolved = result.warnings().skipped.filter((name) => name.startsWith('.'));
    expect(unresolved, 'imports of src/ madge could not resolve').toEqual([]);
    expect(new Set(modules.map(folderOf)), 'the folders and entry points of src/').toEqual(
      new Set([...Object.keys(mayImport), ...entryPoints]),
    );

    const offences = modules.flatMap((module) => {
      const from = folderOf(module);
      return importsOf(graph, module).flatMap((imported) => {
        const to = folderOf(imported);
        if (entryPoints.includes(to)) return [`${module} imports ${imported}: nothing imports an entry point`];
        if (entryPoints.includes(from) || to === from) return [];
        const allowed = /** @type {readonly string[]} */ (mayImport[/** @type {keyof typeof mayImport} */ (from)]);
        return allowed.includes(to)
          ? []
          : [`${module} imports ${imported}: ${from}/ may import ${allowed.join(', ') || 'no other folder'}`];
      });
    });
    expect(offences).toEqual([]);
  });
});
