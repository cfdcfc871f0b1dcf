import { createRemoteLoader } from '@murmur/remote-kit';
import { readRemoteLocations } from './remoteLocations';

/** The page's one loader of remote modules, for the shell and, through parcel props, for every remote it mounts. */
export const loadRemoteModule = createRemoteLoader(readRemoteLocations);
