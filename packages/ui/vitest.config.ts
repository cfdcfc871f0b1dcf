import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { vitestDefaults } from '@murmur/build-tools/vitest';

export default defineConfig({
  test: {
    ...vitestDefaults('ui'),
    setupFiles: [fileURLToPath(import.meta.resolve('@murmur/build-tools/vitest-setup-react'))],
  },
});
