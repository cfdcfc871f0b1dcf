import axios, { type AxiosRequestConfig, type AxiosResponse } from 'axios';
import type { PageParams } from '@murmur/mock-api-contract';

/** The one HTTP client of the page (shared as a singleton through module federation). */
export const apiClient = axios.create({ baseURL: '/api' });

/** A refusal of the back end (status and first message of errors[]), or a network failure (status 0). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The session's token, handed in by the caller: the Jotai store's session is its one source. */
export type AuthToken = string | null;

/** `config` with the authorization header of an authenticated call (none without a token: the back end refuses). */
export function authed(token: AuthToken, config: AxiosRequestConfig = {}): AxiosRequestConfig {
  if (!token) return config;
  return { ...config, headers: { ...(config.headers as Record<string, string> | undefined), authorization: token } };
}

export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (axios.isAxiosError(error)) {
    const status = error.response?.status ?? 0;
    const data: unknown = error.response?.data;
    const errors = typeof data === 'object' && data !== null ? (data as { errors?: unknown }).errors : undefined;
    const first = Array.isArray(errors) ? errors[0] : undefined;
    if (typeof first === 'string') return new ApiError(status, first);
    return new ApiError(status, error.message || `Request failed with status ${status}`);
  }
  return new ApiError(0, error instanceof Error ? error.message : String(error));
}

/** Runs a request and answers its body, turning every failure into an ApiError. */
export async function request<T>(send: () => Promise<AxiosResponse<T>>): Promise<T> {
  try {
    const response = await send();
    return response.data;
  } catch (error) {
    throw toApiError(error);
  }
}

export const segment = (value: string): string => encodeURIComponent(value);

/** Asks a write to answer only the record it changed (RFC 7240): mock-api/rules.md, "Minimal writes". */
export const MINIMAL: AxiosRequestConfig = { headers: { Prefer: 'return=minimal' } };

/** Query parameters of a paged read; absent values are left out so the server applies its defaults. */
export function pageQuery(params: PageParams): AxiosRequestConfig {
  const query: Record<string, string | number> = {};
  if (params.limit !== undefined) query.limit = params.limit;
  if (params.sort !== undefined) query.sort = params.sort;
  if (params.cursor !== undefined && params.cursor !== null) query.cursor = params.cursor;
  // A first page asked for with no parameter at all still needs one, or the route gives its unpaged answer, the full
  // list.
  if (Object.keys(query).length === 0) query.limit = DEFAULT_PAGE_LIMIT;
  return { params: query };
}

/** The server's default page size, sent when a caller gives no paging parameter. */
const DEFAULT_PAGE_LIMIT = 20;
