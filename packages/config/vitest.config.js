// @ts-check
import { defineConfig } from 'vitest/config';
// By path, not by package: build-tools depends on this package, which depends on nothing of it.
import { vitestDefaults } from '../build-tools/vitest.js';

export default defineConfig({ test: { ...vitestDefaults('config'), environment: 'node', include: ['*.test.js'] } });
