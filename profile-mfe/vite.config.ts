import { defineConfig } from 'vite';
import { murmurAppConfig } from '@murmur/config/vite';

export default defineConfig(
  murmurAppConfig({
    app: 'profile-mfe',
    root: import.meta.dirname,
    federationName: 'murmur_profile',
    exposes: { './app': './src/lifecycles.tsx', './preload': './src/preload.ts' },
  }),
);
