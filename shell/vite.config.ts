import { defineConfig } from 'vite';
import { murmurAppConfig } from '@murmur/config/vite';
import { remotesJsonPlugin } from '@murmur/config/remotes-json';

export default defineConfig(
  murmurAppConfig({
    app: 'shell',
    root: import.meta.dirname,
    federationName: 'murmur_shell',
    plugins: [remotesJsonPlugin()],
  }),
);
