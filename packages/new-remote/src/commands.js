// @ts-check
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  addAppRow,
  addBudgetRow,
  addChangesetIgnore,
  addRouteRow,
  addShellModules,
  addWorkspacePackage,
  removeAppRow,
  removeBudgetRow,
  removeChangesetIgnore,
  removeRouteRows,
  removeShellModules,
  removeWorkspacePackage,
} from './edits.js';
import { formatted } from './formatted.js';
import { install as pnpmInstall } from './install.js';
import { componentBaseOf, headingOf, routeNameOf } from './naming.js';
import { newRemoteRefusal, removeRemoteRefusal } from './refusals.js';
import { listFiles, readTables } from './repo.js';
import { remoteFiles } from './scaffold.js';

/**
 * @typedef {{
 *   root: string;
 *   out: (line: string) => void;
 *   err: (line: string) => void;
 *   install?: (root: string) => boolean;
 * }} Io
 */

/**
 * The arguments, or the one line that refuses them.
 * @param {string[]} argv
 * @param {NonNullable<Parameters<typeof parseArgs>[0]>['options']} options
 */
function parsed(argv, options) {
  try {
    return parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (error) {
    // Node's first sentence names the argument ("Unknown option '--port'"); the rest is advice about positionals.
    return /** @type {Error} */ (error).message.split(/\.(?: |$)/)[0] ?? 'arguments refused';
  }
}

/**
 * Rewrites each of `files` (relative to root) with `change`, formatted; every new text is made before any is written.
 * @param {string} root
 * @param {Partial<Record<keyof typeof listFiles, (text: string) => string>>} changes
 */
async function editLists(root, changes) {
  const texts = [];
  for (const [role, change] of Object.entries(changes)) {
    const file = listFiles[/** @type {keyof typeof listFiles} */ (role)];
    const before = readFileSync(join(root, file), 'utf8');
    texts.push({ file, text: await formatted(root, file, change(before)), before });
  }
  for (const { file, text } of texts) writeFileSync(join(root, file), text);
  return texts.filter(({ text, before }) => text !== before).map(({ file }) => file);
}

/**
 * `new-remote <name> --route <path> [--nav <label>]`: makes the remote's folder, adds its rows to the apps and route
 * tables and its lines to the files that list the remotes, and installs. The exit code.
 * @param {string[]} argv
 * @param {Io} io
 */
export async function newRemote(argv, { root, out, err, install = pnpmInstall }) {
  const args = parsed(argv, { route: { type: 'string' }, nav: { type: 'string' } });
  if (typeof args === 'string') return refuse(err, `new-remote: ${args}`);
  const [name, ...extra] = args.positionals;
  if (extra.length > 0) return refuse(err, `new-remote takes one name; also given: ${extra.join(' ')}`);
  const { route, nav } = /** @type {{ route?: string; nav?: string }} */ (args.values);
  const tables = await readTables(root);
  const refusal = newRemoteRefusal(root, tables, { name, route, nav });
  if (refusal || !name || !route) return refuse(err, refusal ?? 'refused');

  const remotes = Object.keys(tables.apps).filter((app) => tables.apps[app]?.exposes);
  const taken = new Set([...Object.values(tables.apps).map((row) => row.port), tables.monolithPort]);
  let port = Math.max(...Object.values(tables.apps).map((row) => row.port)) + 1;
  while (taken.has(port)) port++;
  const routeName = routeNameOf(route);
  const label = nav ?? headingOf(name);
  const values = {
    name,
    route,
    routeName,
    port: String(port),
    Base: componentBaseOf(name),
    label,
    labelJson: JSON.stringify(label),
  };

  const written = [];
  for (const { path, text } of remoteFiles(values)) {
    const file = join(name, path);
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), await formatted(root, file, text));
    written.push(file);
  }
  written.push(
    ...(await editLists(root, {
      apps: (text) => addAppRow(text, name, port),
      routes: (text) => addRouteRow(text, { routeName, path: route, remote: name, nav }),
      workspace: (text) => addWorkspacePackage(text, name, remotes),
      changesets: (text) => addChangesetIgnore(text, name, remotes),
      shellModules: (text) => addShellModules(text, name),
      sizeBudget: (text) => addBudgetRow(text, name, remotes),
    })),
  );
  if (!install(root)) {
    return refuse(err, `new-remote: the install failed; \`pnpm remove-remote ${name}\` undoes the rest`);
  }
  written.push('pnpm-lock.yaml');

  for (const file of written) out(file);
  out('');
  out(`Next: \`npm start\` serves ${name} composed at http://localhost:4000${route}, and`);
  out(`\`npx --yes pnpm@10.34.9 --filter ${name} dev\` runs it alone at http://localhost:${port}${route}.`);
  return 0;
}

/**
 * `remove-remote <name>`: undoes what new-remote did: the folder, the two table rows, the listed lines; installs.
 * @param {string[]} argv
 * @param {Io} io
 */
export async function removeRemote(argv, { root, out, err, install = pnpmInstall }) {
  const args = parsed(argv, {});
  if (typeof args === 'string') return refuse(err, `remove-remote: ${args}`);
  const [name, ...extra] = args.positionals;
  if (extra.length > 0) return refuse(err, `remove-remote takes one name; also given: ${extra.join(' ')}`);
  const refusal = removeRemoteRefusal(await readTables(root), name);
  if (refusal || !name) return refuse(err, refusal ?? 'refused');

  const changed = await editLists(root, {
    apps: (text) => removeAppRow(text, name),
    routes: (text) => removeRouteRows(text, name),
    workspace: (text) => removeWorkspacePackage(text, name),
    changesets: (text) => removeChangesetIgnore(text, name),
    shellModules: (text) => removeShellModules(text, name),
    sizeBudget: (text) => removeBudgetRow(text, name),
  });
  const folder = existsSync(join(root, name)) ? [`${name}/`] : [];
  rmSync(join(root, name), { recursive: true, force: true });
  if (!install(root)) return refuse(err, 'remove-remote: the install failed');
  for (const file of [...folder, ...changed, 'pnpm-lock.yaml']) out(file);
  return 0;
}

/**
 * @param {(line: string) => void} err
 * @param {string} line
 */
function refuse(err, line) {
  err(line);
  return 1;
}
