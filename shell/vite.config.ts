import { defineConfig } from 'vite';
import { murmurAppConfig } from '@murmur/config/vite';
import { remotesJsonPlugin } from '@murmur/config/remotes-json';
import { preloadSharedPlugin } from '@murmur/config/preload-shared';
import { earlyScriptPlugin } from './earlyScriptPlugin';
import { developmentShellPlugin } from './developmentShellPlugin';

export default defineConfig(
  murmurAppConfig({
    app: 'shell',
    root: import.meta.dirname,
    plugins: [remotesJsonPlugin(), preloadSharedPlugin(), earlyScriptPlugin(), developmentShellPlugin()],
  }),
);
