import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { vitestDefaults } from '@murmur/config/vitest';

export default defineConfig({
  test: {
    ...vitestDefaults('ui'),
    setupFiles: [fileURLToPath(import.meta.resolve('@murmur/config/vitest-setup-react'))],
  },
});
