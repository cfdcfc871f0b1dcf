import { defineConfig } from 'vite';
import { murmurAppConfig } from '@murmur/config/vite';
import { remotesJsonPlugin } from '@murmur/config/remotes-json';
import { earlyScriptPlugin } from './earlyScriptPlugin';
import { developmentShellPlugin } from './developmentShellPlugin';

export default defineConfig(
  murmurAppConfig({
    app: 'shell',
    root: import.meta.dirname,
    plugins: [remotesJsonPlugin(), earlyScriptPlugin(), developmentShellPlugin()],
  }),
);
