import type { RemoteName } from '@murmur/config/remotes';
import { createRemoteLoader, type LoadRemoteModule } from '@murmur/remote-kit';
import { preloadRemote } from './earlyHints';
import { readRemoteLocations } from './remoteLocations';

const loadWithRuntime = createRemoteLoader(readRemoteLocations);

/** The page's one loader of remote modules, for the shell and, through parcel props, for every remote it mounts. */
export const loadRemoteModule: LoadRemoteModule = async (id, options) => {
  await preloadRemote(id.slice(0, id.indexOf('/')) as RemoteName);
  return loadWithRuntime(id, options);
};
