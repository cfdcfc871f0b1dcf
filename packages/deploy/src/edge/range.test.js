// @ts-check
import { describe, expect, it } from 'vitest';
import { rangeOf } from './range.js';

/**
 * @param {Record<string, string>} headers
 * @param {string} [method]
 */
const request = (headers, method = 'GET') =>
  /** @type {import('node:http').IncomingMessage} */ (/** @type {unknown} */ ({ method, headers }));

describe('rangeOf', () => {
  it('gives the bytes of one satisfiable range, its last position held to the end of the file', () => {
    expect(rangeOf(request({ range: 'bytes=10-19' }), 100)).toEqual({ start: 10, end: 19 });
    expect(rangeOf(request({ range: 'bytes=90-' }), 100)).toEqual({ start: 90, end: 99 });
    expect(rangeOf(request({ range: 'bytes=-10' }), 100)).toEqual({ start: 90, end: 99 });
    expect(rangeOf(request({ range: 'bytes=-1000' }), 100)).toEqual({ start: 0, end: 99 });
    expect(rangeOf(request({ range: 'bytes=5-99999999999999999999' }), 100)).toEqual({ start: 5, end: 99 });
    expect(rangeOf(request({ range: 'Bytes=1-1' }), 100)).toEqual({ start: 1, end: 1 });
  });

  it('is unsatisfiable for a well-formed range that starts past the end, is reversed, or asks for no byte', () => {
    for (const [range, size] of /** @type {[string, number][]} */ ([
      ['bytes=100-', 100],
      ['bytes=100-200', 100],
      ['bytes=99999999999999999999-', 100],
      ['bytes=50-10', 100],
      ['bytes=-0', 100],
      ['bytes=0-', 0],
      ['bytes=-5', 0],
    ])) {
      expect(rangeOf(request({ range }), size), range).toBe('unsatisfiable');
    }
  });

  it('ignores several ranges, what it cannot parse, another unit, If-Range, a method other than GET, and 0-0', () => {
    for (const range of [
      'bytes=0-1,5-6',
      'bytes=0-1, 999-',
      'bytes=a-b',
      'bytes=1-2-3',
      'bytes=-',
      'bytes=',
      'bytes=1',
      'bytes=+1-2',
      'bytes=0x10-20',
      'bytes 1-2',
      'bytes =1-2',
      'pages=1-2',
      'pages=999-',
      '',
      'bytes=0-0',
    ]) {
      expect(rangeOf(request({ range }), 100), range).toBeNull();
    }
    expect(rangeOf(request({}), 100)).toBeNull();
    expect(rangeOf(request({ range: 'bytes=1-2', 'if-range': '"x"' }), 100)).toBeNull();
    expect(rangeOf(request({ range: 'bytes=1-2' }, 'HEAD'), 100)).toBeNull();
  });
});
