import type { LoadRemoteModule, RemoteModuleId } from '@murmur/remote-kit';

/**
 * What each remote exposes (its vite.config.ts `exposes`), imported directly: one lazy chunk per module, as a careful
 * single-bundle app would split its routes.
 */
const localModules: Partial<Record<RemoteModuleId, () => Promise<unknown>>> = {
  'murmur_auth/app': () => import('../../auth-mfe/src/lifecycles'),
  'murmur_feed/app': () => import('../../feed-mfe/src/lifecycles'),
  'murmur_feed/UserPostList': () => import('../../feed-mfe/src/posts/UserPostList'),
  'murmur_feed/preload': () => import('../../feed-mfe/src/preload'),
  'murmur_profile/app': () => import('../../profile-mfe/src/lifecycles'),
  'murmur_profile/preload': () => import('../../profile-mfe/src/preload'),
};

/** Stands in for the shell's federation loader in the baseline build (monolith/vite.config.ts). */
export const loadRemoteModule: LoadRemoteModule = async <T>(id: RemoteModuleId) => {
  const load = localModules[id];
  if (!load) throw new Error(`${id} is not part of the monolith`);
  return (await load()) as T;
};
