// @ts-check
export { startStoreServer, storeRequestHandler } from './server.js';
export { storeRoot } from './storePaths.js';
export { promote, rollback, Refusal } from './promote.js';
export { release } from './release.js';
export { listReleases } from './releases.js';
