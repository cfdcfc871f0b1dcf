// @ts-check
/**
 * The textual edits of the files that list the remotes: each adds one remote's lines or takes them out, and leaves
 * every other byte (comments included) as it was. Each file is prettier-formatted before and is formatted again after
 * (formatted.js), which only settles the lines an edit wrote.
 */
import { pascalOf } from './naming.js';

/**
 * The lines of a table's object literal (`export const <table> = ... ({` to `});`): its first line's index and its
 * closing line's.
 * @param {string[]} lines
 * @param {string} table
 */
function tableRange(lines, table) {
  const open = lines.findIndex((line) => line.startsWith(`export const ${table} = `) && line.endsWith('({'));
  const close = lines.indexOf('});', open);
  if (open < 0 || close < 0) throw new Error(`no "export const ${table} = ... ({" table ending in "});" was found`);
  return { open, close };
}

/**
 * The rows of a table, each from its first line (after the comment lines just above it) to its last.
 * @param {string[]} lines
 * @param {string} table
 */
function tableRows(lines, table) {
  const { open, close } = tableRange(lines, table);
  /** @type {{ key: string; from: number; to: number }[]} */
  const rows = [];
  let commentFrom = -1;
  for (let i = open + 1; i < close; i++) {
    const line = lines[i] ?? '';
    if (line.startsWith('  //')) {
      if (commentFrom < 0) commentFrom = i;
      continue;
    }
    const row = /^ {2}'?([\w-]+)'?: \{/.exec(line);
    if (!row?.[1]) continue;
    let to = i;
    if (!line.endsWith('},')) while (to < close && lines[to] !== '  },') to++;
    rows.push({ key: row[1], from: commentFrom < 0 ? i : commentFrom, to });
    commentFrom = -1;
    i = to;
  }
  return rows;
}

/**
 * @param {string[]} lines
 * @param {{ from: number; to: number }[]} rows
 */
function withoutRows(lines, rows) {
  return lines.filter((_, i) => !rows.some((row) => i >= row.from && i <= row.to));
}

/** A key as the tables write it: quoted where it is not an identifier. @param {string} key */
const keyOf = (key) => (/^[A-Za-z_$][\w$]*$/.test(key) ? key : `'${key}'`);

/**
 * @param {string} text packages/config/apps.js
 * @param {string} name
 * @param {number} port
 */
export function addAppRow(text, name, port) {
  const lines = text.split('\n');
  const { close } = tableRange(lines, 'apps');
  const row = [
    `  ${keyOf(name)}: {`,
    `    port: ${port},`,
    `    exposes: { './app': './src/lifecycles.tsx' },`,
    '  },',
  ];
  lines.splice(close, 0, ...row);
  return lines.join('\n');
}

/**
 * @param {string} text packages/config/apps.js
 * @param {string} name
 */
export function removeAppRow(text, name) {
  const lines = text.split('\n');
  return withoutRows(
    lines,
    tableRows(lines, 'apps').filter((row) => row.key === name),
  ).join('\n');
}

/**
 * @param {string} text packages/config/routes.js
 * @param {{ routeName: string; path: string; remote: string; nav: string | undefined }} route
 */
export function addRouteRow(text, { routeName, path, remote, nav }) {
  const lines = text.split('\n');
  const { close } = tableRange(lines, 'routes');
  const fields = [`path: '${path}'`, `remote: '${remote}'`, `session: 'required'`];
  if (nav !== undefined) fields.push(`navLabel: ${JSON.stringify(nav)}`);
  lines.splice(close, 0, `  ${keyOf(routeName)}: { ${fields.join(', ')} },`);
  return lines.join('\n');
}

/**
 * Takes out every route `remote` owns.
 * @param {string} text packages/config/routes.js
 * @param {string} remote
 */
export function removeRouteRows(text, remote) {
  const lines = text.split('\n');
  const owned = tableRows(lines, 'routes').filter((row) =>
    lines.slice(row.from, row.to + 1).some((line) => line.includes(`remote: '${remote}'`)),
  );
  return withoutRows(lines, owned).join('\n');
}

/**
 * Adds `name` to pnpm-workspace.yaml's packages, after the last of the remotes listed there.
 * @param {string} text
 * @param {string} name
 * @param {string[]} remotes
 */
export function addWorkspacePackage(text, name, remotes) {
  const lines = text.split('\n');
  const last = Math.max(...remotes.map((remote) => lines.indexOf(`  - ${remote}`)));
  if (last < 0) throw new Error('pnpm-workspace.yaml lists none of the remotes');
  lines.splice(last + 1, 0, `  - ${name}`);
  return lines.join('\n');
}

/**
 * @param {string} text pnpm-workspace.yaml
 * @param {string} name
 */
export const removeWorkspacePackage = (text, name) =>
  text
    .split('\n')
    .filter((line) => line !== `  - ${name}`)
    .join('\n');

/**
 * @param {string} text .changeset/config.json
 * @param {(ignore: string[]) => string[]} change
 */
function changeIgnore(text, change) {
  const found = /"ignore": (\[[^\]]*\])/.exec(text);
  if (!found?.[1]) throw new Error('.changeset/config.json has no "ignore" list');
  const ignore = change(JSON.parse(found[1]));
  return text.replace(found[1], JSON.stringify(ignore).replace(/","/g, '", "'));
}

/**
 * Adds `name` to the changesets' ignore list (apps are not versioned packages), after the last remote there.
 * @param {string} text
 * @param {string} name
 * @param {string[]} remotes
 */
export const addChangesetIgnore = (text, name, remotes) =>
  changeIgnore(text, (ignore) => {
    const last = Math.max(...remotes.map((remote) => ignore.indexOf(remote)));
    return [...ignore.slice(0, last + 1), name, ...ignore.slice(last + 1)];
  });

/**
 * @param {string} text .changeset/config.json
 * @param {string} name
 */
export const removeChangesetIgnore = (text, name) => changeIgnore(text, (ignore) => ignore.filter((n) => n !== name));

/** @param {string} name */
const exposesImport = (name) => `import type { Exposes as ${pascalOf(name)} } from '@murmur/exposes/${name}';`;

/** @param {string} text */
function heritage(text) {
  const found = /(interface RemoteModules\s+extends\s+)([^{]*?)(\s*\{\})/.exec(text);
  if (!found?.[2]) throw new Error('shell/src/remoteModules.ts has no "interface RemoteModules extends ... {}"');
  return { found, items: found[2].match(/ModulesOf<'[^']+', \w+>/g) ?? [] };
}

/**
 * Types the shell's modules of `name`: the import of its exposes and its `ModulesOf` in the shell's `RemoteModules`.
 * @param {string} text shell/src/remoteModules.ts
 * @param {string} name
 */
export function addShellModules(text, name) {
  const lines = text.split('\n');
  const last = lines.map((line) => line.startsWith('import type { Exposes as ')).lastIndexOf(true);
  lines.splice(last + 1, 0, exposesImport(name));
  const { found, items } = heritage(lines.join('\n'));
  const all = [...items, `ModulesOf<'${name}', ${pascalOf(name)}>`];
  return lines.join('\n').replace(found[0], `${found[1]}${all.join(', ')}${found[3]}`);
}

/**
 * @param {string} text shell/src/remoteModules.ts
 * @param {string} name
 */
export function removeShellModules(text, name) {
  const kept = text
    .split('\n')
    .filter((line) => line !== exposesImport(name))
    .join('\n');
  const { found, items } = heritage(kept);
  const others = items.filter((item) => !item.startsWith(`ModulesOf<'${name}',`));
  return kept.replace(found[0], `${found[1]}${others.join(', ')}${found[3]}`);
}

/**
 * Gives `name` its first size budget: the budget file's `newRemoteGzipKiB`, in `gzipKiB` after the last remote's row.
 * A measured app without a row fails the size check, so the row is written here; the team sets it to its own figure.
 * @param {string} text packages/build-tools/size-budget.json
 * @param {string} name
 * @param {string[]} remotes
 */
export function addBudgetRow(text, name, remotes) {
  const budget = JSON.parse(text);
  const rows = Object.entries(budget.gzipKiB);
  const last = Math.max(...remotes.map((remote) => rows.findIndex(([key]) => key === remote)));
  rows.splice(last + 1, 0, [name, budget.newRemoteGzipKiB]);
  return `${JSON.stringify({ ...budget, gzipKiB: Object.fromEntries(rows) }, null, 2)}\n`;
}

/**
 * @param {string} text packages/build-tools/size-budget.json
 * @param {string} name
 */
export function removeBudgetRow(text, name) {
  const budget = JSON.parse(text);
  const gzipKiB = Object.fromEntries(Object.entries(budget.gzipKiB).filter(([key]) => key !== name));
  return `${JSON.stringify({ ...budget, gzipKiB }, null, 2)}\n`;
}
