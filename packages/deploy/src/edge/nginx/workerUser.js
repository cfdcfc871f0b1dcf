// @ts-check
import { spawnSync } from 'node:child_process';
import {
  accessSync,
  chownSync,
  constants,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  realpathSync,
  statSync,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { userInfo } from 'node:os';
import { Refusal } from '../../store/refusal.js';
import { reportLogVariable } from '../../telemetry/reportLog.js';

/** nginx's own default for its workers, where its configuration names none and its master runs as root. */
const nginxDefaultUser = 'nobody';

/**
 * A user of this machine: the name, the ids, the primary group's name and every group it is in.
 * @typedef {{ name: string; uid: number; gid: number; group: string; groups: number[] }} Account
 */

/**
 * The user nginx's workers run as. A master started by root switches them to the user its main configuration's `user`
 * directive names (Debian's `/etc/nginx/nginx.conf`: `www-data`), else to `nobody`; a master started by anyone else
 * runs them as itself. `masterIsRoot`: whether the master is root's (by default whether this process is: an nginx this
 * process starts); `name`: the user, where the operator names it.
 * @param {{ masterIsRoot?: boolean; name?: string; mainConfig?: string }} [options] `mainConfig`: the main
 *   configuration's file (by default the installed nginx's, as `nginx -V` names it)
 * @returns {Account}
 */
export function nginxWorkerUser({ masterIsRoot = isRoot(), name, mainConfig = installedMainConfig() } = {}) {
  if (name !== undefined) return accountOf(name);
  if (!masterIsRoot) return accountOf(userInfo().username);
  return accountOf(configuredUser(mainConfig) ?? nginxDefaultUser);
}

/** Whether this process runs as root. */
export function isRoot() {
  return process.getuid?.() === 0;
}

/**
 * Creates the report folder where it is missing, and makes it writable by nginx's workers (`user`): as root, it is
 * given to them (owner and group), with all it holds (what another user, say root, wrote there before); as another
 * user, a folder they cannot write is refused, naming them, as nginx would drop every report there. Either way a
 * folder they cannot reach is refused, naming the folder on its way that is closed to them (root's home, say, where
 * root's state folder is, `~/.local/state`): nginx would answer each report 503. No folder on the way is opened.
 * @param {string} folder
 * @param {Account} user
 */
export function prepareReportFolder(folder, user) {
  mkdirSync(folder, { recursive: true });
  const closed = closedOnTheWay(folder, user);
  if (closed !== null)
    throw new Refusal(
      `nginx's workers run as ${user.name}, who cannot reach the report folder ${folder}: ${closed} is closed to ` +
        `them; name a folder they can reach with ${reportLogVariable} (--report-log <folder>), say /var/log/murmur`,
    );
  if (isRoot()) {
    giveTo(folder, user);
    return;
  }
  if (!writableBy(folder, user))
    throw new Refusal(
      `nginx's workers run as ${user.name}, who cannot write the report folder ${folder}: ` +
        `give it to them (chown ${user.name}:${user.group} ${folder}), or write the configuration as root`,
    );
}

/**
 * Gives `path`, and all a folder holds, to `user`: the hours and their networks' files another user wrote there
 * before, which nginx appends to a line at a time.
 * @param {string} path
 * @param {Account} user
 */
function giveTo(path, user) {
  chownSync(path, user.uid, user.gid);
  if (!statSync(path).isDirectory()) return;
  for (const name of readdirSync(path)) giveTo(join(path, name), user);
}

/** @param {string} folder @param {Account} user */
function writableBy(folder, user) {
  return permits(folder, user, constants.W_OK | constants.X_OK);
}

/**
 * The first folder above `folder` that `user` may not pass through (search), on its path as given and on its real
 * path (a link on the way), or null where they reach it.
 * @param {string} folder an existing folder
 * @param {Account} user
 */
function closedOnTheWay(folder, user) {
  const above = (/** @type {string} */ path) => {
    const folders = [];
    for (let parent = dirname(path); ; parent = dirname(parent)) {
      folders.unshift(parent);
      if (dirname(parent) === parent) return folders;
    }
  };
  const onTheWay = [...new Set([...above(resolve(folder)), ...above(realpathSync(folder))])];
  return onTheWay.find((parent) => !permits(parent, user, constants.X_OK)) ?? null;
}

/**
 * Whether `user` may do `access` (constants.W_OK, X_OK, or both) on the folder `path`: this process's user as the
 * system answers it, root always, anyone else by the folder's owner, group and mode.
 * @param {string} path
 * @param {Account} user
 * @param {number} access
 */
function permits(path, user, access) {
  if (user.uid === process.getuid?.()) {
    try {
      accessSync(path, access);
      return true;
    } catch {
      return false;
    }
  }
  if (user.uid === 0) return true;
  const bits = (access & constants.W_OK ? 0o2 : 0) | (access & constants.X_OK ? 0o1 : 0);
  const { uid, gid, mode } = statSync(path);
  if (uid === user.uid) return ((mode >> 6) & bits) === bits;
  if (user.groups.includes(gid)) return ((mode >> 3) & bits) === bits;
  return (mode & bits) === bits;
}

/**
 * A user by name, or a refusal naming it where this machine has none.
 * @param {string} name
 * @returns {Account}
 */
function accountOf(name) {
  const id = (/** @type {string[]} */ args) => {
    const run = spawnSync('id', [...args, name], { encoding: 'utf8' });
    if (run.status !== 0) throw new Refusal(`nginx's workers would run as ${name}, a user this machine does not have`);
    return run.stdout.trim();
  };
  return {
    name,
    uid: Number(id(['-u'])),
    gid: Number(id(['-g'])),
    group: id(['-gn']),
    groups: id(['-G']).split(/\s+/).map(Number),
  };
}

/**
 * The user the `user` directive of nginx's main configuration names, or null where there is none.
 * @param {string | null} file
 */
function configuredUser(file) {
  if (file === null || !existsSync(file)) return null;
  const text = readFileSync(file, 'utf8').replace(/#.*$/gm, '');
  return /^\s*user\s+([^\s;]+)[^;]*;/m.exec(text)?.[1] ?? null;
}

/** The installed nginx's main configuration file, as `nginx -V` names it; Debian's where it cannot be asked. */
function installedMainConfig() {
  for (const nginx of ['nginx', '/usr/sbin/nginx']) {
    const run = spawnSync(nginx, ['-V'], { encoding: 'utf8' });
    const path = /--conf-path=(\S+)/.exec(`${run.stderr ?? ''}${run.stdout ?? ''}`)?.[1];
    if (path) return path;
  }
  return '/etc/nginx/nginx.conf';
}
