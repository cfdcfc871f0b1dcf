// @ts-check
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import validateName from 'validate-npm-package-name';
import { routeNameOf } from './naming.js';
import { workspacePackageNames } from './repo.js';

/** An app's key, folder and federation name alike: lowercase words joined by dashes, from a letter. */
const appKeyPattern = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/** A path of the route table: `/` then segments, each a word or a `:param`, no trailing slash, query or hash. */
const routePattern = /^(\/|(\/:?[A-Za-z0-9._~-]+)+)$/;

/** What the top bar shows and the first screen's heading says: words, not markup. */
const navLabelPattern = /^[\p{L}\p{N}][\p{L}\p{N} .'&-]{0,39}$/u;

/**
 * Why `new-remote` must not make this remote, in one line, or null when it may. Checked before anything is written.
 * @param {string} root
 * @param {import('./repo.js').Tables} tables
 * @param {{ name: string | undefined; route: string | undefined; nav: string | undefined }} request
 * @returns {string | null}
 */
export function newRemoteRefusal(root, tables, { name, route, nav }) {
  if (!name) return 'usage: new-remote <name> --route <path> [--nav <label>]';
  const verdict = validateName(name);
  if (!verdict.validForNewPackages) {
    const why = [...(verdict.errors ?? []), ...(verdict.warnings ?? [])][0] ?? 'refused';
    return `"${name}" is not a valid npm package name: ${why}`;
  }
  if (!appKeyPattern.test(name)) {
    return `"${name}" cannot be an app's key: use lowercase letters and digits in words joined by dashes`;
  }
  if (name in tables.apps) return `"${name}" is taken: it is an app of packages/config/apps.js`;
  if (tables.sections.has(name)) return `"${name}" is taken: remotes.json has a key of that name that names no remote`;
  if (existsSync(join(root, name))) return `"${name}" is taken: the folder ${name}/ exists`;
  if (workspacePackageNames(root).includes(name)) return `"${name}" is taken: a workspace package has that name`;
  if (!route) return 'new-remote needs its route: --route <path>, e.g. --route /notifications';
  if (!routePattern.test(route)) {
    return `"${route}" is not a route: a path that starts with "/", each segment a word or a :param`;
  }
  // The router's own rule: it gives an equal path (a `:param` segment is a value to it) to the route that has it.
  const owner = tables.matchRoute(route)?.name;
  if (owner) {
    return `${route} is owned by ${tables.routes[owner]?.remote} (route "${owner}" of packages/config/routes.js)`;
  }
  const routeName = routeNameOf(route);
  if (!/^[a-z]/.test(routeName)) return `${route} gives no route name starting with a letter`;
  if (routeName in tables.routes) {
    return `the route name "${routeName}" (from ${route}) is taken in packages/config/routes.js`;
  }
  if (nav !== undefined && !navLabelPattern.test(nav)) {
    return `"${nav}" cannot be a nav label: up to 40 letters, digits, spaces and . ' & -, from a letter or digit`;
  }
  return null;
}

/**
 * Why `remove-remote` must not remove `name`, in one line, or null when it may.
 * @param {import('./repo.js').Tables} tables
 * @param {string | undefined} name
 * @returns {string | null}
 */
export function removeRemoteRefusal(tables, name) {
  if (!name) return 'usage: remove-remote <name>';
  const row = tables.apps[name];
  if (!row) return `"${name}" is not an app of packages/config/apps.js`;
  if (!row.exposes) return `"${name}" is the host, not a remote: it cannot be removed`;
  for (const app of Object.keys(tables.apps)) {
    if (app === 'shell' || app === name) continue;
    const used = tables.usesOf(app).filter((id) => id.startsWith(`${name}/`));
    if (used.length > 0) {
      return `${app} uses ${used.join(', ')}: remove that use first (its \`uses\` in packages/config/apps.js)`;
    }
  }
  return null;
}
