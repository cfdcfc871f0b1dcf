// @ts-check
import { setTimeout as sleep } from 'node:timers/promises';
import { startNginx } from './nginxProcess.js';

/**
 * nginx at the edge of content that changes under it: started with the configuration `writeConfig` writes, then,
 * every `interval` ms, `stamp` is asked for a text that changes whenever that configuration would (the override
 * setting, say); when it changes, the configuration is written again and nginx reloaded gracefully. Where
 * the configuration's content comes from is `writeConfig`'s business. A configuration that cannot be written or
 * that nginx refuses is reported to `onError` and the last one keeps serving; it is tried again on the next turn.
 * @param {{ nginx: string; brotliModule: string | null; writeConfig: (file: string) => void | Promise<void>;
 *   stamp: () => string | Promise<string>; listening: { host: string; port: number }[]; interval?: number;
 *   onError?: (error: unknown) => void; workers?: import('./workerUser.js').Account }} options `workers`: the user
 *   nginx's worker runs as when root starts it (nginxProcess.js)
 */
export async function startEdge({ stamp, interval = 300, onError = console.error, ...nginxOptions }) {
  let served = await stamp();
  const nginx = await startNginx(nginxOptions);
  let stopped = false;
  const following = (async () => {
    while (!stopped) {
      await sleep(interval);
      if (stopped) break;
      try {
        const now = await stamp();
        if (now === served) continue;
        await nginx.reload();
        served = now;
      } catch (error) {
        onError(error);
      }
    }
  })();
  return {
    pid: nginx.pid,
    errorLog: nginx.errorLog,
    stop: async () => {
      stopped = true;
      await following;
      await nginx.stop();
    },
  };
}
