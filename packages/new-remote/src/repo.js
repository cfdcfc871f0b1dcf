// @ts-check
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** This repository's root, which the commands change unless told another (the tests' copies). */
export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** The files outside the remote's folder that list the remotes and cannot read the apps table. */
export const listFiles = /** @type {const} */ ({
  apps: 'packages/config/apps.js',
  routes: 'packages/config/routes.js',
  workspace: 'pnpm-workspace.yaml',
  changesets: '.changeset/config.json',
  shellModules: 'shell/src/remoteModules.ts',
  sizeBudget: 'packages/build-tools/size-budget.json',
});

/**
 * @typedef {{ port: number; exposes?: Record<string, string>; uses?: readonly string[] }} AppRow
 * @typedef {{ path: string; remote: string; session: string; navLabel?: string }} RouteRow
 * @typedef {{
 *   apps: Record<string, AppRow>;
 *   routes: Record<string, RouteRow>;
 *   matchRoute: (pathname: string) => { name: string } | null;
 *   usesOf: (app: string) => string[];
 *   sections: Set<string>;
 *   monolithPort: number;
 * }} Tables
 */

let generation = 0;

/**
 * The apps and route tables as the files under `root` say now: imported afresh each time (the commands edit them, and
 * the tests' copies are other files), with the functions that read them.
 * @param {string} root
 * @returns {Promise<Tables>}
 */
export async function readTables(root) {
  const fresh = `?generation=${++generation}`;
  const at = (/** @type {string} */ file) => pathToFileURL(join(root, file)).href + fresh;
  const apps = await import(at(listFiles.apps));
  const routes = await import(at(listFiles.routes));
  const remotesJson = await import(at('packages/config/remotesJson.js'));
  return {
    apps: apps.apps,
    routes: routes.routes,
    matchRoute: routes.matchRoute,
    usesOf: apps.usesOf,
    sections: remotesJson.sections,
    monolithPort: apps.monolithPort,
  };
}

/**
 * The package names of the workspace, by the folders pnpm-workspace.yaml lists.
 * @param {string} root
 */
export function workspacePackageNames(root) {
  return workspaceFolders(readFileSync(join(root, listFiles.workspace), 'utf8')).map(
    (folder) => JSON.parse(readFileSync(join(root, folder, 'package.json'), 'utf8')).name,
  );
}

/**
 * The folders of pnpm-workspace.yaml's `packages:` list.
 * @param {string} yaml
 */
function workspaceFolders(yaml) {
  const lines = yaml.split('\n');
  const start = lines.indexOf('packages:');
  /** @type {string[]} */
  const folders = [];
  for (const line of lines.slice(start + 1)) {
    if (/^\S/.test(line)) break;
    const item = /^ {2}- (\S+)$/.exec(line);
    if (item?.[1]) folders.push(item[1]);
  }
  return folders;
}
