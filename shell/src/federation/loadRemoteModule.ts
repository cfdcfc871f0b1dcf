import { createRemoteLoader, type LoadRemoteModule } from '@murmur/remote-kit';
import { preloadRemote } from './earlyHints';
import { readRemoteLocations } from './remoteLocations';

/**
 * The page's one loader of remote modules, for the shell and, through parcel props, for every remote it mounts. The
 * early hints of the manifest each attempt loads are in place before its modules resolve.
 */
export const loadRemoteModule: LoadRemoteModule = createRemoteLoader(readRemoteLocations, {
  beforeLoad: preloadRemote,
});
