import type { ModuleFederationRuntimePlugin } from '@module-federation/runtime';

/**
 * The early script (shell/public/preload-remotes.js) has already hinted every script of a remote's `./app`, with the
 * remote's copy of the runtime's core mapped onto the shell's. The runtime's own preload of the same list, from the
 * same manifest, would only fetch that unused copy again; other modules (`murmur_feed/UserPostList`) keep it.
 */
export const skipHintedPreload: ModuleFederationRuntimePlugin = {
  name: 'murmur-skip-hinted-preload',
  beforePreloadRemote({ preloadOps }) {
    const hinted = preloadOps.findIndex((ops) => ops.exposes?.length === 1 && ops.exposes[0] === './app');
    if (hinted !== -1) preloadOps.splice(hinted, 1);
  },
};
