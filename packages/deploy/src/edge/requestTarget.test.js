// @ts-check
import { describe, expect, it } from 'vitest';
import { isValidHost, parseRequestTarget } from './requestTarget.js';

describe('parseRequestTarget', () => {
  it('gives the path as sent, its segments decoded, and the query apart', () => {
    expect(parseRequestTarget('/3f2a/assets/a%20b.js?v=1&x=%zz')).toEqual({
      path: '/3f2a/assets/a%20b.js',
      segments: ['3f2a', 'assets', 'a b.js'],
      search: '?v=1&x=%zz',
    });
    expect(parseRequestTarget('/profile/mira%C3%A9')).toEqual({
      path: '/profile/mira%C3%A9',
      segments: ['profile', 'miraé'],
      search: '',
    });
    expect(parseRequestTarget('/')).toEqual({ path: '/', segments: [''], search: '' });
    expect(parseRequestTarget('//a:99999/')).toEqual({ path: '//a:99999/', segments: ['', 'a:99999', ''], search: '' });
    expect(parseRequestTarget("/a[1]^|!$&'()*+,;=:@~")?.segments).toEqual(["a[1]^|!$&'()*+,;=:@~"]);
    expect(parseRequestTarget('/.release.json')?.segments).toEqual(['.release.json']);
  });

  it('takes the path of an absolute-form target, whose authority must be a host', () => {
    expect(parseRequestTarget('http://localhost:4002/x/mf-manifest.json?a')).toEqual({
      path: '/x/mf-manifest.json',
      segments: ['x', 'mf-manifest.json'],
      search: '?a',
    });
    expect(parseRequestTarget('HTTPS://[::1]')).toEqual({ path: '/', segments: [''], search: '' });
    expect(parseRequestTarget('http://h?q')).toEqual({ path: '/', segments: [''], search: '?q' });
    for (const target of ['http://a:99999/', 'http://u@h/', 'http:///x', 'http://a b/', 'http://h\\x/', 'ftp://h/']) {
      expect(parseRequestTarget(target), target).toBeNull();
    }
  });

  it('refuses targets in no form, malformed or non-UTF-8 escapes, dot segments, and separators or controls', () => {
    for (const target of [
      '',
      '*',
      'a/b',
      'localhost:4000',
      '%2f',
      '/%',
      '/%4',
      '/%zz',
      '/%ff',
      '/%c0%af',
      '/%ed%a0%80',
      '/a/./b',
      '/a/../b',
      '/..',
      '/%2e%2E/x',
      '/.%2e/x',
      '/a%2fb',
      '/a%5Cb',
      '/a\\b',
      '/a%00b',
      '/a%0d%0ab',
      '/a%7f',
      '/a%c2%85',
      '/a#b',
      '/a?b#c',
      '/a b',
      '/a"b',
      '/a<b>',
      '/a{b}',
      '/a`b',
      '/é',
    ]) {
      expect(parseRequestTarget(target), JSON.stringify(target)).toBeNull();
    }
  });
});

describe('isValidHost', () => {
  it('takes a name, an IPv4 or bracketed IPv6 address, each with an optional port', () => {
    for (const host of ['localhost', 'localhost:4000', '127.0.0.1:80', '[::1]:4000', 'cdn.example.org', 'a:']) {
      expect(isValidHost(host), host).toBe(true);
    }
  });

  it('refuses an empty value, a port out of range, a user name, a path, spaces and other characters', () => {
    for (const host of ['', 'a:99999', 'a:x', 'u@h', 'a/b', 'a?b', 'a#b', 'a\\b', 'a b', '[::1', 'é', 'a<b']) {
      expect(isValidHost(host), host).toBe(false);
    }
  });
});
