// @ts-check
export { startStoreServer, storeRequestHandler } from './server.js';
export { storeRoot } from './storePaths.js';
export { promote, ramp, rollback } from './promote.js';
export { Refusal } from './refusal.js';
export { release } from './release.js';
export { listReleases } from './releases.js';
export { verifyStore } from './verify.js';
export { findNginx } from './nginx/findNginx.js';
export { startStoreEdge } from './nginx/storeEdge.js';
export { openStore } from './backends/openStore.js';
