import { defineConfig } from 'vitest/config';
import { vitestDefaults } from '@murmur/build-tools/vitest';

export default defineConfig({
  test: vitestDefaults('mock-api-contract'),
});
