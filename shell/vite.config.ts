import { defineConfig } from 'vite';
import { murmurAppConfig } from '@murmur/config/vite';
import { remotesJsonPlugin } from '@murmur/config/remotes-json';
import { preloadSharedPlugin } from '@murmur/config/preload-shared';
import { runtimeCoreChunkPlugin } from '@murmur/config/runtime-core-chunk';
import { routeOwnersPlugin } from '@murmur/config/route-owners';
import { shellFederationName } from '@murmur/config/remotes';

export default defineConfig(
  murmurAppConfig({
    app: 'shell',
    root: import.meta.dirname,
    federationName: shellFederationName,
    plugins: [remotesJsonPlugin(), preloadSharedPlugin(), runtimeCoreChunkPlugin(), routeOwnersPlugin()],
  }),
);
