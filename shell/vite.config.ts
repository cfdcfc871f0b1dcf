import { defineConfig } from 'vite';
import { murmurAppConfig } from '@murmur/config/vite';
import { remotesJsonPlugin } from '@murmur/config/remotes-json';
import { preloadSharedPlugin } from '@murmur/config/preload-shared';
import { runtimeCoreChunkPlugin } from '@murmur/config/runtime-core-chunk';
import { routeOwnersPlugin } from '@murmur/config/route-owners';

export default defineConfig(
  murmurAppConfig({
    app: 'shell',
    root: import.meta.dirname,
    plugins: [remotesJsonPlugin(), preloadSharedPlugin(), runtimeCoreChunkPlugin(), routeOwnersPlugin()],
  }),
);
