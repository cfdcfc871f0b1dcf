// @ts-check
import { pathWithoutAttempt } from '@murmur/config/remotes';

/**
 * Answers a request under Retry's attempt prefix (`/_attempt/<n>/…`, packages/config/remotes.js) as the path without
 * it.
 * @type {import('vite').Connect.NextHandleFunction}
 */
export function withoutAttemptPrefix(request, _response, next) {
  const url = request.url ?? '/';
  const queryAt = url.search(/[?#]/);
  const path = queryAt < 0 ? url : url.slice(0, queryAt);
  const without = pathWithoutAttempt(path);
  if (without !== null) request.url = without + (queryAt < 0 ? '' : url.slice(queryAt));
  next();
}

/**
 * Serves a remote under Retry's attempt prefix in development and preview, as the store server and a CDN's rewrite
 * rule do (docs/serving.md), so that Retry has one way of making fresh URLs wherever a remote is served.
 * @returns {import('vite').Plugin}
 */
export function attemptPrefixPlugin() {
  return {
    name: 'murmur-attempt-prefix',
    configureServer(server) {
      server.middlewares.use(withoutAttemptPrefix);
    },
    configurePreviewServer(server) {
      server.middlewares.use(withoutAttemptPrefix);
    },
  };
}
