// @ts-check
import { apps, appEnvName } from '@murmur/config/apps';

/**
 * Where an environment serves an app's store folder (the folder holding its versions), ending in "/". Locally each
 * app has its own port; `MURMUR_<APP>_PUBLIC_URL` (for example MURMUR_FEED_MFE_PUBLIC_URL=https://cdn.example.org/
 * feed-mfe/) names a CDN location instead. The pointers written at promote time are built from these.
 * @param {import('@murmur/config/apps').AppName} app
 * @param {Record<string, string | undefined>} [env]
 */
export function publicUrlOf(app, env = process.env) {
  const configured = env[appEnvName(app, 'PUBLIC_URL')];
  const url = new URL(configured ?? `http://localhost:${apps[app].port}/`);
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  return url.href;
}
