/**
 * What the client and the server both read in a token (an HS256 JSON Web Token, RFC 7519): the base64url codec and
 * the payload. Signing and verifying stay with the server (`server/jwt.ts`); the client only matches a token to a
 * user, so it never needs the secret.
 */
import { base64urlnopad } from '@scure/base';
import { isRecord } from './rules';

export interface TokenPayload {
  _id: string;
  username: string;
  iat: number;
  exp?: number;
}

const decoder = new TextDecoder('utf-8', { fatal: true });

export const base64UrlEncode = (bytes: Uint8Array): string => base64urlnopad.encode(bytes);

/** Null for anything that is not canonical unpadded base64url (stray bits, padding, other alphabets), never a throw. */
export function base64UrlDecode(text: string): Uint8Array | null {
  try {
    return base64urlnopad.decode(text);
  } catch {
    return null;
  }
}

/** One part of a token as JSON, or null when it is not base64url of UTF-8 JSON. */
export function decodeJsonPart(part: string): unknown {
  const bytes = base64UrlDecode(part);
  if (!bytes) return null;
  try {
    return JSON.parse(decoder.decode(bytes)) as unknown;
  } catch {
    return null;
  }
}

/** Reads the payload without checking the signature: for the client, which only needs to match it to a user. */
export function decodeTokenPayload(token: string): { _id: string; username: string } | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const payload = decodeJsonPart(parts[1] ?? '');
  if (!isRecord(payload) || typeof payload._id !== 'string' || typeof payload.username !== 'string') return null;
  return { _id: payload._id, username: payload.username };
}
