import { createServer, type Request, type Server } from 'miragejs';
import { startActivity } from './activity';
import { createDb } from './db';
import { noRouteMessage } from '@murmur/mock-api-contract';
import { generateScaledData } from './generate';
import { errorResponse, toMirageHandler } from './http';
import { capScale, type MockServerOptions } from './options';
import { LIMITS } from '@murmur/mock-api-contract';
import { forwardLoadEndOnPassthrough, guardRouting, requestPath, shouldPassThrough } from './passthrough';
import { authRoutes } from './routes/auth';
import { commentRoutes } from './routes/comments';
import { postRoutes } from './routes/posts';
import type { Method, Route } from './routes/route';
import { userRoutes } from './routes/users';
import { seedDb } from './seed';

const DEFAULT_DELAY = 400;
const API_PREFIX = '/api';

export const ROUTES: readonly Route[] = [...authRoutes, ...postRoutes, ...commentRoutes, ...userRoutes];

const ALL_METHODS: Method[] = ['get', 'post', 'put', 'patch', 'delete'];

let running: Server | null = null;
let stopActivity: (() => void) | null = null;

/** Idempotent: the page has one mock back end, whichever app boots first starts it. */
export function startMockServer(options: MockServerOptions = {}): void {
  if (running) return;
  const delay = options.delay ?? DEFAULT_DELAY;
  const db = createDb();
  const now = Date.now();
  seedDb(db, now);
  if (options.scale) generateScaledData(db, capScale(options.scale), now);

  const server = createServer({
    environment: 'development',
    // Mirage 0.1.48 ignores this option (its config() never copies it), so it is also set on the instance below.
    logging: false,
    timing: delay as number,
    routes() {
      this.namespace = '';
      // Pretender reads false as "respond synchronously"; Mirage's type says number only.
      this.timing = delay as number;
      for (const route of ROUTES) {
        register(this, route.method, `${API_PREFIX}${route.path}`, toMirageHandler(db, route.handler));
      }
      // Anything else under /api is a clear 404 rather than Mirage's thrown developer error.
      for (const method of [...ALL_METHODS, 'head', 'options'] as const) {
        const notFound = (_schema: unknown, request: Request) =>
          errorResponse(404, noRouteMessage(method, requestPath(request.url)));
        register(this, method, API_PREFIX, notFound);
        register(this, method, `${API_PREFIX}/*path`, notFound);
      }
      this.passthrough(shouldPassThrough);
    },
  });
  server.logging = false;
  guardRouting(server.pretender as never, `${API_PREFIX}/unknown`, LIMITS.pathLength);
  forwardLoadEndOnPassthrough();
  running = server;
  // After the routes: the first post by someone else comes one interval after the page could ask for anything.
  if (options.live) stopActivity = startActivity(db, options.live);
}

/** Stops intercepting; the next start begins from fresh seed data. */
export function stopMockServer(): void {
  stopActivity?.();
  stopActivity = null;
  running?.shutdown();
  running = null;
}

export const isMockServerRunning = (): boolean => running !== null;

type MirageHandler = (schema: unknown, request: Request) => unknown;

function register(server: Server, method: Method | 'head' | 'options', path: string, handler: MirageHandler): void {
  const verbs = server as unknown as Record<string, (path: string, handler: MirageHandler) => void>;
  const verb = method === 'delete' ? 'del' : method;
  const define = verbs[verb];
  if (!define) throw new Error(`Mirage has no ${verb} route method`);
  define(path, handler);
}
