// Browser tests read this to prove the package is evaluated once per page (one shared module-federation singleton).
const evaluations = ((globalThis as { __murmurEvaluations?: Record<string, number> }).__murmurEvaluations ??= {});
evaluations['@murmur/mock-api'] = (evaluations['@murmur/mock-api'] ?? 0) + 1;

export { startMockServer, stopMockServer } from './mockServer';
export { mockServerOptionsFromSearch, scaleCapNotice } from './options';
export { DEMO_ACCOUNT } from './seed';
