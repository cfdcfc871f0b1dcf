// @ts-check
import { defineConfig } from 'vitest/config';
import { vitestDefaults } from './vitest.js';

export default defineConfig({ test: { ...vitestDefaults('config'), environment: 'node', include: ['*.test.js'] } });
