// @ts-check
import { remotesJson } from '@murmur/config/remotes-json';

/**
 * Serves remotes.json in development and emits it with the build.
 * @param {Record<string, string | undefined>} [env]
 * @returns {import('vite').Plugin}
 */
export function remotesJsonPlugin(env = process.env) {
  const source = remotesJson(env);
  return {
    name: 'murmur-remotes-json',
    configureServer(server) {
      server.middlewares.use('/remotes.json', (_request, response) => {
        response.setHeader('Content-Type', 'application/json');
        response.end(source);
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'remotes.json', source });
    },
  };
}
