import type { Handler } from '../http';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface Route {
  method: Method;
  /** Path below /api. */
  path: string;
  handler: Handler;
}
