// @ts-check
import { defineConfig } from 'vitest/config';
import { vitestDefaults } from './vitest.js';

export default defineConfig({
  test: { ...vitestDefaults('build-tools'), environment: 'node', include: ['*.test.js'] },
});
