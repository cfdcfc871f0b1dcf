import { describe, expect, it } from 'vitest';
import * as server from './index';

describe('the public API', () => {
  it('exports exactly the agreed names', () => {
    expect(Object.keys(server).sort()).toEqual(
      ['startMockServer', 'stopMockServer', 'mockServerOptionsFromSearch', 'scaleCapNotice', 'DEMO_ACCOUNT'].sort(),
    );
  });

  it('carries the demo account', () => {
    expect(server.DEMO_ACCOUNT).toEqual({ email: 'mira@example.com', password: 'murmur-demo', username: 'miraokafor' });
  });

  it('counts its evaluations on globalThis', () => {
    const marker = (globalThis as { __murmurEvaluations?: Record<string, number> }).__murmurEvaluations;
    expect(marker?.['@murmur/mock-api']).toBeGreaterThanOrEqual(1);
  });
});
