/**
 * The small request/response layer between Mirage and the route groups: handlers throw an ApiRefusal for any
 * catalogue error and return a Reply; the wrapper turns both into Mirage Responses and anything unexpected into a
 * 500 with an errors array, so no exception ever escapes into the page.
 */
import { Response, type Request } from 'miragejs';
import type { Db, UserRecord } from './db';
import { ERRORS } from '@murmur/mock-api-contract';
import { verifyToken } from './jwt';
import { LIMITS, isRecord } from '@murmur/mock-api-contract';

class ApiRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiRefusal';
  }
}

export function refuse(status: number, message: string): never {
  throw new ApiRefusal(status, message);
}

export interface Reply {
  status: number;
  body: object;
  headers?: Record<string, string>;
}

interface Context {
  db: Db;
  request: Request;
  params: Record<string, string>;
  /** Query parameters; a repeated name gives an array (Mirage's own parse keeps only the last value). */
  query: Record<string, unknown>;
  /** The request asked for `Prefer: return=minimal` (RFC 7240): a write answers only what it changed. */
  minimal: boolean;
  /** The parsed JSON body; an absent body is {}. */
  body(): Record<string, unknown>;
  /** The user the token belongs to, or a 401/404 refusal. */
  currentUser(): UserRecord;
}

export type Handler = (ctx: Context) => Reply;

function parseBody(request: Request): Record<string, unknown> {
  const raw: unknown = request.requestBody;
  if (raw === null || raw === undefined || raw === '') return {};
  if (typeof raw !== 'string') return isRecord(raw) ? raw : {};
  // Checked before parsing: JSON.parse of a huge body would hold the page's main thread.
  if (raw.length > LIMITS.bodyLength) return refuse(400, ERRORS.BODY_TOO_LARGE);
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return refuse(400, ERRORS.INVALID_JSON);
  }
  return isRecord(parsed) ? parsed : {};
}

/**
 * Header names are case-insensitive (RFC 9110), and a "Bearer " prefix is optional (docs/data-layer.md,
 * "Token checks").
 */
function readToken(headers: Record<string, string> | undefined): string | null {
  if (!headers) return null;
  for (const [name, value] of Object.entries(headers)) {
    if (name.toLowerCase() !== 'authorization' || typeof value !== 'string') continue;
    const token = value.trim().replace(/^bearer\s+/i, '');
    return token || null;
  }
  return null;
}

function readQuery(url: string): Record<string, string | string[]> {
  const search = new URLSearchParams(url.split('#')[0]?.split('?')[1] ?? '');
  const query: Record<string, string | string[]> = {};
  for (const name of new Set(search.keys())) {
    const values = search.getAll(name);
    query[name] = values.length === 1 ? (values[0] ?? '') : values;
  }
  return query;
}

/** Any `Prefer` header whose preferences include return=minimal. */
function prefersMinimal(headers: Record<string, string> | undefined): boolean {
  return Object.entries(headers ?? {}).some(
    ([name, value]) =>
      name.toLowerCase() === 'prefer' &&
      typeof value === 'string' &&
      value.split(/[,;]/).some((preference) => preference.trim().toLowerCase() === 'return=minimal'),
  );
}

/** How a write answers `Prefer: return=minimal`: the changed record only, and the header saying so. */
export const minimalReply = (status: number, body: object): Reply => ({
  status,
  body,
  headers: { 'Preference-Applied': 'return=minimal' },
});

function authenticate(db: Db, request: Request): UserRecord {
  const token = readToken(request.requestHeaders);
  const payload = token ? verifyToken(token) : null;
  if (!payload) return refuse(401, ERRORS.TOKEN_INVALID);
  const user = db.users.get(payload._id);
  if (!user) return refuse(404, ERRORS.USER_NOT_REGISTERED);
  return user;
}

const JSON_HEADERS = { 'Content-Type': 'application/json' };

export const errorResponse = (status: number, message: string): Response =>
  new Response(status, JSON_HEADERS, { errors: [message] });

export function toMirageHandler(db: Db, handler: Handler): (schema: unknown, request: Request) => Response {
  return (_schema, request) => {
    try {
      const ctx: Context = {
        db,
        request,
        params: request.params ?? {},
        query: readQuery(request.url),
        minimal: prefersMinimal(request.requestHeaders),
        body: () => parseBody(request),
        currentUser: () => authenticate(db, request),
      };
      const reply = handler(ctx);
      // Serialised here, before any other request can change a record: the body may hold live records.
      return new Response(reply.status, { ...JSON_HEADERS, ...reply.headers }, JSON.stringify(reply.body));
    } catch (error) {
      if (error instanceof ApiRefusal) return errorResponse(error.status, error.message);
      const message = error instanceof Error ? error.message : String(error);
      return errorResponse(500, `Internal server error: ${message}`);
    }
  };
}
