// @ts-check
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from './headers.js';

/** The sources of one directive of a policy. */
const directive = (/** @type {string} */ policy, /** @type {string} */ name) =>
  policy
    .split('; ')
    .find((part) => part.startsWith(`${name} `))
    ?.split(' ')
    .slice(1);

describe("a page's Content-Security-Policy", () => {
  it('lets scripts run by the nonce, and styles only from the page and the remotes, for every load', () => {
    const policy = contentSecurityPolicy(['http://localhost:4002'], 'n0nce');
    expect(directive(policy, 'script-src')).toEqual(["'self'", 'http://localhost:4002', "'nonce-n0nce'"]);
    expect(directive(policy, 'style-src')).toEqual(["'self'", 'http://localhost:4002']);
  });

  it("lets a load that holds an override take its dev server's style elements by the nonce, too", () => {
    const policy = contentSecurityPolicy(['http://localhost:4002'], 'n0nce', ['http://localhost:*']);
    expect(directive(policy, 'style-src')).toEqual([
      "'self'",
      'http://localhost:4002',
      'http://localhost:*',
      "'nonce-n0nce'",
    ]);
    expect(directive(policy, 'script-src')).toContain("'nonce-n0nce'");
  });
});
