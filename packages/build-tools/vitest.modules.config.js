// @ts-check
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import { vitestDefaults } from './vitest.js';

// Vitest for a package of plain modules with their tests beside them, run from that package's folder: its
// package.json's `test` script names this file (packages/config's does, which build-tools itself depends on, so that
// nothing of config imports the tools).
const packageName = JSON.parse(readFileSync(join(process.cwd(), 'package.json'), 'utf8')).name.replace(
  /^@murmur\//,
  '',
);

export default defineConfig({
  root: process.cwd(),
  test: { ...vitestDefaults(packageName), environment: 'node', include: ['*.test.js'] },
});
