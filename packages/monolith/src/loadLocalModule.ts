import type { RemoteName } from '@murmur/config/apps';
import type { LoadRemoteModule, RemoteModuleId } from '@murmur/remote-kit';
import { localModules } from 'virtual:murmur-local-modules';

/** Stands in for the shell's federation loader in the baseline build (packages/monolith/vite.config.ts). */
export const loadRemoteModule: LoadRemoteModule = async <T>(id: RemoteModuleId) => {
  const load = localModules[id];
  if (!load) throw new Error(`${id} is not part of the monolith`);
  return (await load()) as T;
};

/**
 * Stands in for the shell's prefetch of a remote's code: the baseline's routes are lazy chunks of one build, fetched
 * when imported, as a single-bundle app without hints would. The shell's own signature, so both builds type check.
 */
export const prefetchRemote = async (_name: RemoteName): Promise<void> => {};
