// @ts-check
import { federation } from '@module-federation/vite';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { sharedDependencies } from './sharedDependencies.js';
import { apps, federationNameOf } from '@murmur/config/apps';
import { scopeUtilitiesPlugin } from './scopeStyles.js';
import { sharedRefreshRuntimePlugin } from './devComposition.js';
import { standalonePagePlugin } from './standalonePage.js';
import { runtimeCoreNotPreloadedPlugin } from './runtimeCoreChunk.js';
import { fileURLToPath } from 'node:url';
import { vitestDefaults } from './vitest.js';
import { chunkGroups } from './chunkGroups.js';
import { attemptPrefixPlugin } from './attemptPrefix.js';
import { watchBuildPlugin } from './watchBuild.js';
import { devCorsAllows, devCorsOrigins } from './devCors.js';
import { publishedTypesPlugin } from './publishedTypesPlugin.js';
import { pageDataPlugin } from './pageDataPlugin.js';
import { directExposesPlugin } from './directExposes.js';
import { plainEntryPlugin } from './plainEntry.js';
import { providedShares } from './providedShares.js';

/**
 * The Vite config of one Murmur app, written once: its port, federation name and exposes come from the apps table
 * (packages/config/apps.js). Every app is served on its own port, in dev and preview alike, and federates with the same
 * shared block. A remote's own page is generated (standalonePage.js).
 * @param {{
 *   app: import('@murmur/config/apps').AppName;
 *   root: string;
 *   plugins?: import('vite').PluginOption[];
 * }} options
 * @returns {import('vite').UserConfig & { test: import('vitest/node').InlineConfig }}
 */
export function murmurAppConfig({ app, root, plugins = [] }) {
  const entry = apps[app];
  const port = entry.port;
  const exposes = 'exposes' in entry ? entry.exposes : undefined;
  const isRemote = exposes !== undefined;
  const chunking = chunkGroups({ isRemote, root, exposes });
  const corsOrigins = devCorsOrigins(process.env);
  const provided = isRemote ? null : providedShares(root);
  return {
    root,
    // A build holds no origin: every URL in it is relative, and the federation runtime finds a remote's chunks
    // relative to the mf-manifest.json it loaded (publicPath "auto"), so one build can be served from any URL.
    base: './',
    plugins: [
      devOriginPlugin(),
      isRemote ? sharedRefreshRuntimePlugin(process.env) : null,
      // Before Tailwind, which must see the source it adds to the app's stylesheet.
      isRemote ? standalonePagePlugin({ app, root }) : null,
      react(),
      tailwindcss(),
      isRemote ? runtimeCoreNotPreloadedPlugin() : null,
      // Unit tests import the app's own modules directly; composition is for the browser tests.
      process.env.VITEST
        ? null
        : federation({
            name: federationNameOf(app),
            ...(isRemote ? { filename: 'remoteEntry.js', exposes } : { remotes: {} }),
            // The shell's manifest lists the modules it provides, which it declares to no federation config.
            manifest: provided ? provided.manifest : true,
            dts: false,
            shared: isRemote ? sharedDependencies(root) : {},
          }),
      // The page's linked first load: each expose's own files in a remote's manifest; the shell's page on its own
      // entry, with the modules it provides put on the page by its boot.
      process.env.VITEST ? null : exposes ? directExposesPlugin({ root, exposes }) : plainEntryPlugin(),
      provided?.plugin,
      isRemote ? scopeUtilitiesPlugin(app) : null,
      isRemote ? attemptPrefixPlugin() : null,
      // After the attempt prefix's: a Retry of an override asks for the watch build under it.
      isRemote ? watchBuildPlugin({ root, corsAllows: devCorsAllows(corsOrigins) }) : null,
      chunking.plugin,
      // exposes.d.ts and uses.d.ts beside the manifest, for promote to check the seams between apps with.
      process.env.VITEST ? null : publishedTypesPlugin({ app, root }),
      ...plugins,
      // page.json beside index.html: promote assembles the live page from it (pageData.js).
      pageDataPlugin(),
    ],
    server: { port, strictPort: true, cors: { origin: corsOrigins } },
    preview: { port, strictPort: true, cors: { origin: corsOrigins } },
    build: { target: 'esnext', rolldownOptions: { output: { codeSplitting: chunking.codeSplitting } } },
    test: { ...vitestDefaults(app), setupFiles: [fileURLToPath(new URL('./vitest-setup-react.js', import.meta.url))] },
  };
}

/**
 * The dev server's origin, in the URLs it writes into what it serves (its manifest's public path among them), is the
 * port it listens on: the apps table's, or the one given on the command line (`dev --port 4012`, beside a store
 * server that holds the usual ports), which is merged into the config before this hook runs.
 * @returns {import('vite').Plugin}
 */
function devOriginPlugin() {
  return {
    name: 'murmur-dev-origin',
    apply: 'serve',
    config(config) {
      return { server: { origin: `http://localhost:${config.server?.port}` } };
    },
  };
}
