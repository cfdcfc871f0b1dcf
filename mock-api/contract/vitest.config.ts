import { defineConfig } from 'vitest/config';
import { vitestDefaults } from '@murmur/config/vitest';

export default defineConfig({
  test: vitestDefaults('mock-api-contract'),
});
