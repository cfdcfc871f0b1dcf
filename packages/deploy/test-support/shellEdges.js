// @ts-check
import { writeFileSync } from 'node:fs';
import { nginxConfig } from '../src/edge/nginx/config.js';
import { findNginx } from '../src/edge/nginx/findNginx.js';
import { freePorts, startNginx } from '../src/edge/nginx/nginxProcess.js';
import { startStoreServer } from '../src/edge/server.js';
import { portOf } from './rawHttp.js';

const host = '127.0.0.1';

/**
 * The shell of `store` served alone, by either edge, on a port free a moment ago, with where its reports go:
 * `url` is its `/_telemetry`. nginx is tried three times (another test file may take the port); null without nginx.
 * @param {'nginx' | 'embedded'} edge
 * @param {string} store
 * @param {{ env: Record<string, string>; reportRate?: { burst?: number; perMinute?: number };
 *   reportLimits?: Partial<import('../src/telemetry/reportWriter.js').LogLimits> }} options `env`: the report folder
 *   (MURMUR_REPORT_LOG) and the trusted proxies (MURMUR_TRUSTED_PROXIES)
 * @returns {Promise<{ url: string; stop: () => Promise<void> } | null>}
 */
export async function shellEdge(edge, store, { env, reportRate, reportLimits }) {
  if (edge === 'embedded') {
    const server = await startStoreServer({
      store,
      apps: ['shell'],
      portOf: () => 0,
      host,
      telemetry: {
        trustedProxies: env.MURMUR_TRUSTED_PROXIES,
        ...(env.MURMUR_REPORT_LOG ? { folder: env.MURMUR_REPORT_LOG } : {}),
        ...(reportRate ? { rate: reportRate } : {}),
        ...(reportLimits ? { log: { limits: reportLimits } } : {}),
      },
    });
    return {
      url: `http://${host}:${portOf(server.servers[0])}/_telemetry`,
      stop: async () => {
        await server.close();
      },
    };
  }
  const nginx = findNginx();
  if (!nginx.found) return null;
  for (let attempt = 1; ; attempt += 1) {
    const [port = 0] = await freePorts(host, 1);
    const config = await nginxConfig({
      store,
      apps: ['shell'],
      listenOf: () => `${host}:${port}`,
      env,
      reportRate,
      reportLimits,
    });
    try {
      const running = await startNginx({
        nginx: nginx.path,
        brotliModule: null,
        writeConfig: (file) => writeFileSync(file, config),
        listening: [{ host, port }],
      });
      return { url: `http://${host}:${port}/_telemetry`, stop: () => running.stop() };
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}
