import { defineConfig } from 'vite';
import { murmurAppConfig } from '@murmur/config/vite';

export default defineConfig(murmurAppConfig({ app: 'auth-mfe', root: import.meta.dirname }));
