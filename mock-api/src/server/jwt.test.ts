// @vitest-environment node
import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { base64UrlDecode, base64UrlEncode, decodeTokenPayload } from '@murmur/mock-api-contract';
import { signToken, TOKEN_SECRET, verifyToken } from './jwt';

const b64url = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');
const nodeSign = (input: string, secret = TOKEN_SECRET): string =>
  createHmac('sha256', secret).update(input).digest('base64url');

describe('base64url', () => {
  it('round-trips and matches Buffer', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 100 }), (bytes) => {
        const encoded = base64UrlEncode(bytes);
        expect(encoded).toBe(Buffer.from(bytes).toString('base64url'));
        expect(base64UrlDecode(encoded)).toEqual(bytes);
      }),
    );
  });

  it('rejects text that is not base64url', () => {
    expect(base64UrlDecode('a+b/')).toBeNull();
    expect(base64UrlDecode('abcde')).toBeNull();
  });

  it('rejects non-canonical spellings of the same bytes: stray low bits, padding, whitespace', () => {
    expect(base64UrlDecode('QQ')).toEqual(Uint8Array.of(0x41));
    for (const loose of ['QR', 'QX', 'QQ==', 'QQ=', ' QQ', 'Q Q', 'QQ\n'])
      expect(base64UrlDecode(loose), loose).toBeNull();
  });
});

describe('HS256 tokens', () => {
  const claims = { _id: 'user-1', username: 'ünïcode-name' };

  it('signs exactly as node:crypto would, with _id and username in the payload', () => {
    const token = signToken(claims, { now: 1_700_000_000_000 });
    const [header = '', payload = '', signature] = token.split('.');
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(JSON.parse(Buffer.from(payload, 'base64url').toString())).toEqual({ ...claims, iat: 1_700_000_000 });
    expect(signature).toBe(nodeSign(`${header}.${payload}`));
  });

  it('verifies a token made by node:crypto with the same secret', () => {
    const input = `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url({ ...claims, iat: 1 })}`;
    expect(verifyToken(`${input}.${nodeSign(input)}`)).toEqual({ ...claims, iat: 1 });
  });

  it('refuses forged, tampered, malformed, alg-none and expired tokens', () => {
    const token = signToken(claims);
    const [header, payload] = token.split('.') as [string, string, string];
    const forgedInput = `${header}.${b64url({ _id: 'user-2', username: 'mallory', iat: 1 })}`;
    const cases = [
      '',
      'not-a-token',
      'a.b',
      'a.b.c.d',
      `${header}.${payload}.`,
      `${forgedInput}.${nodeSign(forgedInput, 'some-other-secret')}`,
      `${forgedInput}.${token.split('.')[2]}`,
      `${b64url({ alg: 'none', typ: 'JWT' })}.${payload}.`,
      `${b64url({ alg: 'HS512' })}.${payload}.${nodeSign(`${b64url({ alg: 'HS512' })}.${payload}`)}`,
      signToken(claims, { secret: 'wrong' }),
      signToken(claims, { now: Date.now() - 10_000, expiresInSeconds: 5 }),
    ];
    for (const bad of cases) expect(verifyToken(bad), bad).toBeNull();
    expect(verifyToken(signToken(claims, { expiresInSeconds: 60 }))).toMatchObject(claims);
  });

  it('refuses a signed payload without string _id and username', () => {
    const input = `${b64url({ alg: 'HS256' })}.${b64url({ _id: 5, username: 'x' })}`;
    expect(verifyToken(`${input}.${nodeSign(input)}`)).toBeNull();
  });

  it('refuses a token whose signature is a loose spelling of the right bytes', () => {
    const token = signToken(claims);
    const signature = token.slice(token.lastIndexOf('.') + 1);
    // 32 bytes are 43 characters with 2 unused bits at the end; setting them keeps the bytes a lax decoder reads.
    const last = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const loose = last[last.indexOf(signature.at(-1) ?? 'A') ^ 1] ?? '';
    const forged = `${token.slice(0, -1)}${loose}`;
    expect(Buffer.from(forged.split('.')[2] ?? '', 'base64url')).toEqual(Buffer.from(signature, 'base64url'));
    expect(verifyToken(forged)).toBeNull();
    expect(verifyToken(token)).toMatchObject(claims);
  });

  it('decodes the payload without the secret for the client', () => {
    expect(decodeTokenPayload(signToken(claims))).toEqual(claims);
    expect(decodeTokenPayload('garbage')).toBeNull();
  });
});
