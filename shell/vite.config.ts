import { defineConfig } from 'vite';
import { murmurAppConfig } from '@murmur/config/vite';
import { remotesJsonPlugin } from '@murmur/config/remotes-json';
import { shellFederationName } from '@murmur/config/remotes';

export default defineConfig(
  murmurAppConfig({
    app: 'shell',
    root: import.meta.dirname,
    federationName: shellFederationName,
    plugins: [remotesJsonPlugin()],
  }),
);
