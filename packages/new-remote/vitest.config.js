// @ts-check
import { defineConfig } from 'vitest/config';
import { vitestDefaults } from '@murmur/build-tools/vitest';

export default defineConfig({
  test: { ...vitestDefaults('new-remote'), environment: 'node', include: ['src/**/*.test.js'] },
});
