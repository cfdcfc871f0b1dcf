import type { LoadRemoteModule, RemoteModuleId } from '@murmur/remote-kit';
import { localModules } from 'virtual:murmur-local-modules';

/** Stands in for the shell's federation loader in the baseline build (monolith/vite.config.ts). */
export const loadRemoteModule: LoadRemoteModule = async <T>(id: RemoteModuleId) => {
  const load = localModules[id];
  if (!load) throw new Error(`${id} is not part of the monolith`);
  return (await load()) as T;
};
