// @ts-check
import { describe, expect, it } from 'vitest';
import { devCorsAllows, devCorsOrigins } from './devCors.js';

describe('the origins a dev server answers across origins', () => {
  it('lets pages on this machine read a dev server, at any port, and no other site', () => {
    const allows = devCorsAllows(devCorsOrigins({}));
    for (const origin of ['http://localhost:4000', 'http://127.0.0.1:4012', 'http://[::1]:5173', 'http://localhost']) {
      expect(allows(origin), origin).toBe(true);
    }
    for (const origin of [
      'https://evil.example',
      'http://localhost.evil.example',
      'http://evil.example/?http://localhost:4000',
      'null',
      undefined,
    ]) {
      expect(allows(origin), String(origin)).toBe(false);
    }
  });

  it('lets the deployed compositions named in MURMUR_DEV_OVERRIDE_ORIGINS read it too, exactly those', () => {
    const allows = devCorsAllows(
      devCorsOrigins({ MURMUR_DEV_OVERRIDE_ORIGINS: 'https://staging.example.org, https://qa.example.org' }),
    );
    expect(allows('https://staging.example.org')).toBe(true);
    expect(allows('https://qa.example.org')).toBe(true);
    expect(allows('https://staging.example.org:8443')).toBe(false);
    expect(allows('http://staging.example.org')).toBe(false);
  });
});
