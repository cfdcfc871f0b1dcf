// @ts-check
import { describe, expect, it } from 'vitest';
import { withoutAttemptPrefix } from './attemptPrefix.js';

/** @param {string} url the URL the Vite server's next middleware sees */
function served(url) {
  const request = /** @type {import('node:http').IncomingMessage} */ ({ url });
  let called = false;
  withoutAttemptPrefix(request, /** @type {import('node:http').ServerResponse} */ ({}), () => {
    called = true;
  });
  expect(called).toBe(true);
  return request.url;
}

describe("the Vite servers' attempt prefix", () => {
  it('serves a path under the prefix as the path without it, keeping the query', () => {
    expect(served('/_attempt/3/mf-manifest.json')).toBe('/mf-manifest.json');
    expect(served('/_attempt/12/assets/app.js?v=1')).toBe('/assets/app.js?v=1');
  });

  it('leaves every other path as it is', () => {
    expect(served('/mf-manifest.json')).toBe('/mf-manifest.json');
    expect(served('/_attempt/x/mf-manifest.json')).toBe('/_attempt/x/mf-manifest.json');
    expect(served('/profile/_attempt/1/a.js')).toBe('/profile/_attempt/1/a.js');
  });
});
