// @ts-check
import { apps, appNames, remoteNames } from '@murmur/config/apps';

/**
 * Ports as a person reads them: each run of consecutive ports as `first-last`, the runs joined by commas
 * (`4001-4003`, `4001-4002, 4005`).
 * @param {number[]} ports
 */
export function portRanges(ports) {
  /** @type {[number, number][]} */
  const runs = [];
  for (const port of [...ports].sort((a, b) => a - b)) {
    const last = runs.at(-1);
    if (last && port === last[1] + 1) last[1] = port;
    else if (!last || port !== last[1]) runs.push([port, port]);
  }
  return runs.map(([first, end]) => (first === end ? `${first}` : `${first}-${end}`)).join(', ');
}

/** The ports the store is served on, one per app of the apps table, as `serve` says them: `4000-4003`. */
export const appPorts = () => portRanges(appNames.map((app) => apps[app].port));

/**
 * Where the store answers, as `serve` says it once listening: the shell's address and the remotes' ports, from the
 * apps table, so that a remote added there is named without a change here.
 */
export function servedAt() {
  const remotePorts = portRanges(remoteNames.map((remote) => apps[remote].port));
  return `http://localhost:${apps.shell.port} (shell) and ${remotePorts} (remotes)`;
}
