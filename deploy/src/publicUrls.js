// @ts-check
import { ports } from '@murmur/config/ports';

/**
 * Where an environment serves an app's store folder (the folder holding its versions), ending in "/". Locally each
 * app has its own port; MURMUR_PUBLIC_URL_<APP> (for example MURMUR_PUBLIC_URL_FEED_MFE=https://cdn.example.org/
 * feed-mfe/) names a CDN location instead. The pointers written at promote time are built from these.
 * @param {import('./apps.js').AppName} app
 * @param {Record<string, string | undefined>} [env]
 */
export function publicUrlOf(app, env = process.env) {
  const configured = env[`MURMUR_PUBLIC_URL_${app.replace(/-/g, '_').toUpperCase()}`];
  const url = new URL(configured ?? `http://localhost:${ports[app]}/`);
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  return url.href;
}
