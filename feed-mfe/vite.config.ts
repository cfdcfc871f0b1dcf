import { defineConfig } from 'vite';
import { murmurAppConfig } from '@murmur/config/vite';

export default defineConfig(
  murmurAppConfig({
    app: 'feed-mfe',
    root: import.meta.dirname,
    federationName: 'murmur_feed',
    exposes: {
      './app': './src/lifecycles.tsx',
      './UserPostList': './src/posts/UserPostList.tsx',
      './preload': './src/preload.ts',
    },
  }),
);
