// @ts-check
import { describe, expect, it } from 'vitest';
import {
  asksForOverridingPolicy,
  getsOverridingPolicy,
  overridingCookie,
  overridingCookieText,
} from './overrideAddress.js';

describe('asksForOverridingPolicy', () => {
  it('is the parameter a tab that holds an override loads its page with', () => {
    expect(asksForOverridingPolicy('?overriding=1')).toBe(true);
    expect(asksForOverridingPolicy('?a=b&overriding=1')).toBe(true);
    expect(asksForOverridingPolicy('overriding=1&a=b')).toBe(true);
    expect(asksForOverridingPolicy('?overriding=0')).toBe(false);
    expect(asksForOverridingPolicy('')).toBe(false);
  });

  it('is that parameter exactly, as the tab writes it: no other case, escape or neighbour', () => {
    for (const search of ['?OVERRIDING=1', '?Overriding=1', '?overr%69ding=1', '?overriding=%31', '?xoverriding=1'])
      expect(asksForOverridingPolicy(search), search).toBe(false);
    expect(asksForOverridingPolicy('?overriding=1x')).toBe(false);
    expect(asksForOverridingPolicy('?overriding=1 ')).toBe(false);
  });
});

describe('getsOverridingPolicy', () => {
  const cookie = `${overridingCookie}=1`;

  it('needs the address to ask for it and the cookie the tab sets, among any others', () => {
    expect(getsOverridingPolicy('?overriding=1', cookie)).toBe(true);
    expect(getsOverridingPolicy('?overriding=1', `a=b; ${cookie}; c=d`)).toBe(true);
    expect(getsOverridingPolicy('?overriding=1', `a=b;${cookie}`)).toBe(true);
    expect(getsOverridingPolicy('?overriding=1', undefined)).toBe(false);
    expect(getsOverridingPolicy('', cookie)).toBe(false);
  });

  it('takes the cookie exactly: no other case, name or value', () => {
    for (const other of [
      'MURMUR-OVERRIDING=1',
      `x${cookie}`,
      `${cookie}0`,
      `${overridingCookie}=0`,
      'a=murmur-overriding=1',
    ])
      expect(getsOverridingPolicy('?overriding=1', other), other).toBe(false);
  });
});

describe('overridingCookieText', () => {
  it('is a cookie no other site can send, for a few seconds, Secure over https', () => {
    expect(overridingCookieText(false)).toBe(`${overridingCookie}=1; Max-Age=30; Path=/; SameSite=Strict`);
    expect(overridingCookieText(true)).toBe(`${overridingCookie}=1; Max-Age=30; Path=/; SameSite=Strict; Secure`);
  });
});
