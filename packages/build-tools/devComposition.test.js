// @ts-check
import { describe, expect, it } from 'vitest';
import { sharedRefreshRuntimePlugin } from './devComposition.js';

describe('sharedRefreshRuntimePlugin', () => {
  it("serves a remote's refresh runtime as the shell's in composed development", () => {
    const plugin = sharedRefreshRuntimePlugin({ MURMUR_COMPOSED_DEV: '1' });
    const load = /** @type {(id: string) => string | undefined} */ (plugin?.load);
    expect(load('/@react-refresh')).toContain("export * from 'http://localhost:4000/@react-refresh'");
    expect(load('/src/main.tsx')).toBeUndefined();
  });

  it('leaves a remote running alone with its own runtime', () => {
    expect(sharedRefreshRuntimePlugin({})).toBeNull();
  });
});
