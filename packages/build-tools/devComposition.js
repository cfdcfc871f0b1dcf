// @ts-check
import { apps } from '@murmur/config/apps';

/** Set by `npm run dev`, which serves the four apps together; unset when a remote's dev server runs alone. */
export const COMPOSED_DEV_ENV = 'MURMUR_COMPOSED_DEV';

const REFRESH_RUNTIME = '/@react-refresh';

/**
 * React Fast Refresh for remotes inside the composed page. A remote's modules register their components with the
 * refresh runtime of the origin that served them, but only the page's own runtime (the shell's, installed by its
 * index.html before React DOM loads) is hooked into React, so an edited remote component would be registered where
 * nothing re-renders it. In composed development every remote's runtime is therefore the shell's: one instance per
 * page, whether the page is the shell's or a remote's own (whose preamble then installs the shell's runtime).
 * @param {Record<string, string | undefined>} env
 * @returns {import('vite').Plugin | null}
 */
export function sharedRefreshRuntimePlugin(env) {
  if (!env[COMPOSED_DEV_ENV]) return null;
  const shellRuntime = `http://localhost:${apps.shell.port}${REFRESH_RUNTIME}`;
  return {
    name: 'murmur-shared-react-refresh',
    apply: 'serve',
    enforce: 'pre',
    resolveId(id) {
      return id === REFRESH_RUNTIME ? id : undefined;
    },
    load(id) {
      return id === REFRESH_RUNTIME
        ? `export * from '${shellRuntime}';\nexport { default } from '${shellRuntime}';\n`
        : undefined;
    },
  };
}
