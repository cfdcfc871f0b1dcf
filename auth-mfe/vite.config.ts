import { defineConfig } from 'vite';
import { murmurAppConfig } from '@murmur/build-tools/vite';

export default defineConfig(murmurAppConfig({ app: 'auth-mfe', root: import.meta.dirname }));
