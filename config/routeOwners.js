// @ts-check
import { routes } from './routes.js';

/**
 * Hands the route table to the shell's early script (shell/public/preload-remotes.js), which runs before any bundle
 * and so cannot import it: which remote owns which path, as `[path, remote]` pairs in a data attribute.
 * @returns {import('vite').Plugin}
 */
export function routeOwnersPlugin() {
  const owners = JSON.stringify(Object.values(routes).map((route) => [route.path, route.remote]));
  return {
    name: 'murmur-route-owners',
    transformIndexHtml: (html) =>
      html.replace(/<script ([^>]*src="[^"]*preload-remotes\.js")/, `<script data-routes='${owners}' $1`),
  };
}
