// @ts-check
import { apps, remoteNames } from '@murmur/config/apps';

/**
 * Where the edge serves the apps on this machine, as `serve` says it: "http://localhost:4000 (shell) and 4001-4003
 * (remotes)", by the apps table's ports.
 */
export function servedAt() {
  const ports = remoteNames.map((remote) => apps[remote].port);
  return `http://localhost:${apps.shell.port} (shell) and ${Math.min(...ports)}-${Math.max(...ports)} (remotes)`;
}
