import { defineConfig } from 'vite';
import { murmurAppConfig } from '@murmur/build-tools/vite';
import { remotesJsonPlugin } from '@murmur/build-tools/remotes-json-plugin';
import { earlyScriptPlugin } from './earlyScriptPlugin';
import { developmentShellPlugin } from './developmentShellPlugin';

export default defineConfig(
  murmurAppConfig({
    app: 'shell',
    root: import.meta.dirname,
    plugins: [remotesJsonPlugin(), earlyScriptPlugin(), developmentShellPlugin()],
  }),
);
