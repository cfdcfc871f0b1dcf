// @ts-check
import { spawnSync } from 'node:child_process';
import { accessSync, chownSync, constants, existsSync, mkdirSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { userInfo } from 'node:os';
import { Refusal } from '../../store/refusal.js';

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
 * user, a folder they cannot write is refused, naming them, as nginx would drop every report there.
 * @param {string} folder
 * @param {Account} user
 */
export function prepareReportFolder(folder, user) {
  mkdirSync(folder, { recursive: true });
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
  if (user.uid === process.getuid?.()) {
    try {
      accessSync(folder, constants.W_OK | constants.X_OK);
      return true;
    } catch {
      return false;
    }
  }
  const { uid, gid, mode } = statSync(folder);
  if (uid === user.uid) return (mode & 0o300) === 0o300;
  if (user.groups.includes(gid)) return (mode & 0o030) === 0o030;
  return (mode & 0o003) === 0o003;
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
