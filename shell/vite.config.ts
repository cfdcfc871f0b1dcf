import { defineConfig } from 'vite';
import { murmurAppConfig } from '@murmur/config/vite';
import { remotesJsonPlugin } from '@murmur/config/remotes-json';
import { preloadSharedPlugin } from '@murmur/config/preload-shared';
import { runtimeCoreChunkPlugin } from '@murmur/config/runtime-core-chunk';

export default defineConfig(
  murmurAppConfig({
    app: 'shell',
    root: import.meta.dirname,
    federationName: 'murmur_shell',
    plugins: [remotesJsonPlugin(), preloadSharedPlugin(), runtimeCoreChunkPlugin()],
  }),
);
