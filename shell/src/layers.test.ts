import { readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import madge from 'madge';
import { describe, expect, it } from 'vitest';

// The rooms of src/ and which others each may import (docs/architecture.md, "Code map"): the early script and the
// telemetry at the bottom, importing no other room; the overrides on the early script; the loading of remotes
// (federation/) on those three; the host UI (deployment/, session/, layout/) on the loading. A room imports itself
// and the shared packages freely. The files at the top of src/ (the boot, the tree) may import any room; no room
// imports them.
const mayImport: Record<string, readonly string[]> = {
  early: [],
  telemetry: [],
  overrides: ['early'],
  federation: ['early', 'telemetry', 'overrides'],
  deployment: ['early', 'federation'],
  session: ['federation'],
  layout: ['federation', 'session'],
};
const top = ['main.tsx', 'boot.ts', 'App.tsx', 'remoteModules.ts', 'test-support.tsx'];
// The one file through which another room reaches the overrides: what the loader may ask of them.
const overridesSeam = 'overrides/overridesInUse.ts';

const src = dirname(fileURLToPath(import.meta.url));

/** A module's path without its extension: an `import('…')` type names none. */
const withoutExtension = (module: string) => module.replace(/\.tsx?$/, '');

/** The room of src/ a module is in, or its own name for a file at the top. */
const roomOf = (module: string) => module.split('/')[0] ?? module;

/**
 * The modules of src/ that `module` imports: what madge reads from its import statements (type-only imports and
 * dynamic ones included), and the modules named in `import('…')` types, which the type check follows as well.
 */
function importsOf(graph: Record<string, string[]>, module: string): string[] {
  const source = readFileSync(join(src, module), 'utf8');
  const types = [...source.matchAll(/import\('(\.{1,2}\/[^']+)'\)/g)].map((match) =>
    posix.join(posix.dirname(module), match[1] ?? ''),
  );
  // Outside src/ (`../`): the shared packages, resolved through the workspace, which any room may import.
  const own = (graph[module] ?? []).filter((imported) => !imported.startsWith('../'));
  return [...new Set([...own, ...types])];
}

describe('the rooms of shell/src', () => {
  it('import only the rooms below them, and the overrides through their seam', async () => {
    // Tests are left out: a test beside its module may set a scene with the modules above it.
    const result = await madge(src, {
      fileExtensions: ['ts', 'tsx'],
      tsConfig: join(src, '..', 'tsconfig.json'),
      excludeRegExp: [/\.test\.tsx?$/],
      detectiveOptions: { ts: { skipTypeImports: false }, tsx: { skipTypeImports: false } },
    });
    const graph = result.obj();
    // The modules of src/ (madge walks out of it from the tests' helpers, and lists the stylesheet main.tsx imports).
    const modules = Object.keys(graph).filter((module) => !module.startsWith('../') && /\.tsx?$/.test(module));
    // What it cannot resolve are the shared packages' exports, which any room may import; never a module of src/.
    const unresolved = result.warnings().skipped.filter((name) => name.startsWith('.'));
    expect(unresolved, 'imports of src/ madge could not resolve').toEqual([]);
    expect(new Set(modules.map(roomOf)), 'the rooms and top files of src/').toEqual(
      new Set([...Object.keys(mayImport), ...top]),
    );

    const offences = modules.flatMap((module) => {
      const from = roomOf(module);
      return importsOf(graph, module).flatMap((imported) => {
        const to = roomOf(imported);
        if (top.includes(to) && !top.includes(from)) return [`${module} imports ${imported}: no room imports the top`];
        if (top.includes(from) || to === from) return [];
        const allowed = mayImport[from] ?? [];
        if (!allowed.includes(to))
          return [`${module} imports ${imported}: ${from}/ may import ${allowed.join(', ') || 'no other room'}`];
        if (to === 'overrides' && withoutExtension(imported) !== withoutExtension(overridesSeam))
          return [`${module} imports ${imported}: another room reaches the overrides through ${overridesSeam}`];
        return [];
      });
    });
    expect(offences).toEqual([]);
  });
});
