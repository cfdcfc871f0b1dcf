// @ts-check
export { startStoreServer, storeRequestHandler } from './edge/server.js';
export { storeRoot } from './store/storePaths.js';
export { promote, ramp, rollback } from './switches/promote.js';
export { Refusal } from './store/refusal.js';
export { release } from './store/release.js';
export { listReleases } from './store/releases.js';
export { verifyStore } from './switches/verify.js';
export { findNginx } from './edge/nginx/findNginx.js';
export { startStoreEdge } from './edge/nginx/storeEdge.js';
export { openStore } from './store/backends/openStore.js';
export { precompress } from './store/compress.js';
