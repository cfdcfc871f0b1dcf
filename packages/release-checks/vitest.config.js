// @ts-check
import { defineConfig } from 'vitest/config';
import { vitestDefaults } from '@murmur/build-tools/vitest';

export default defineConfig({
  test: { ...vitestDefaults('release-checks'), environment: 'node', include: ['src/**/*.test.js'] },
});
