// @vitest-environment node
import { createHash, createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hmacSha256, sha256 } from './sha256';

const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');
const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('sha256', () => {
  it('matches the FIPS 180-4 test vectors', () => {
    expect(hex(sha256(utf8('')))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(hex(sha256(utf8('abc')))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('matches node:crypto around block boundaries', () => {
    for (let length = 0; length <= 200; length++) {
      const data = Uint8Array.from({ length }, (_, i) => (i * 31 + length) & 0xff);
      expect(hex(sha256(data))).toBe(createHash('sha256').update(data).digest('hex'));
    }
  });

  it('matches node:crypto on random input', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 1000 }), (data) => {
        expect(hex(sha256(data))).toBe(createHash('sha256').update(data).digest('hex'));
      }),
      { numRuns: 200 },
    );
  });
});

describe('hmacSha256', () => {
  it('matches node:crypto for short, block-sized and long keys', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 150 }), fc.uint8Array({ maxLength: 500 }), (key, data) => {
        expect(hex(hmacSha256(key, data))).toBe(createHmac('sha256', key).update(data).digest('hex'));
      }),
      { numRuns: 200 },
    );
  });

  it('matches RFC 4231 test case 2', () => {
    expect(hex(hmacSha256(utf8('Jefe'), utf8('what do ya want for nothing?')))).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
  });
});
