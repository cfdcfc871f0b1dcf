/**
 * HS256 JSON Web Tokens (RFC 7519), signed and verified with the package's fixed secret (docs/data-layer.md,
 * "Token checks"). The hashing and the base64url codec are audited libraries (@noble/hashes, @scure/base); only the JWT
 * framing is ours. Synchronous because it is simple, not because Mirage requires it: route handlers may return a
 * promise.
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { isRecord } from '@murmur/mock-api-contract';
import { base64UrlEncode, decodeJsonPart, type TokenPayload } from '@murmur/mock-api-contract';

/** Fixed, so that a token stored before a reload stays valid after it (mock-api/rules.md, "Session expiry"). */
export const TOKEN_SECRET = 'murmur-mock-api-signing-secret-2026';

const encoder = new TextEncoder();

const encodeJson = (value: unknown): string => base64UrlEncode(encoder.encode(JSON.stringify(value)));

const sign = (input: string, secret: string): string =>
  base64UrlEncode(hmac(sha256, encoder.encode(secret), encoder.encode(input)));

export function signToken(
  claims: { _id: string; username: string },
  options: { secret?: string; now?: number; expiresInSeconds?: number } = {},
): string {
  const iat = Math.floor((options.now ?? Date.now()) / 1000);
  const payload: TokenPayload = { _id: claims._id, username: claims.username, iat };
  if (options.expiresInSeconds !== undefined) payload.exp = iat + options.expiresInSeconds;
  const input = `${encodeJson({ alg: 'HS256', typ: 'JWT' })}.${encodeJson(payload)}`;
  return `${input}.${sign(input, options.secret ?? TOKEN_SECRET)}`;
}

/** Constant-time comparison: the signature check should not leak how many characters matched. */
function safeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** The payload of a token signed with the secret, unexpired and well formed; null otherwise. */
export function verifyToken(token: string, options: { secret?: string; now?: number } = {}): TokenPayload | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [headerPart, payloadPart, signature] = parts as [string, string, string];
  const header = decodeJsonPart(headerPart);
  // Pinning alg stops "alg: none" and algorithm-confusion tokens before the signature is even looked at.
  if (!isRecord(header) || header.alg !== 'HS256') return null;
  if (!safeEqual(sign(`${headerPart}.${payloadPart}`, options.secret ?? TOKEN_SECRET), signature)) return null;
  const payload = decodeJsonPart(payloadPart);
  if (!isRecord(payload) || typeof payload._id !== 'string' || typeof payload.username !== 'string') return null;
  const iat = typeof payload.iat === 'number' ? payload.iat : 0;
  if (payload.exp !== undefined) {
    if (typeof payload.exp !== 'number') return null;
    if (Math.floor((options.now ?? Date.now()) / 1000) >= payload.exp) return null;
  }
  const result: TokenPayload = { _id: payload._id, username: payload.username, iat };
  if (typeof payload.exp === 'number') result.exp = payload.exp;
  return result;
}
