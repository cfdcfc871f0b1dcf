import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    // What builds, releases and test runs write (as in .gitignore): a store left by `npm start` is not our source.
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/__mf__temp/**',
      '**/.__mf__temp/**',
      '**/test-results/**',
      '**/test-results-dev/**',
      '**/playwright-report/**',
      '.murmur-store/**',
      '.reports/**',
      'e2e/bench-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    // ui is bundled into every app: data and shared state stay with the apps and the data layer.
    files: ['ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['jotai', '@murmur/data', '@murmur/mock-server'],
          patterns: ['jotai/*', '@murmur/data/*', '@murmur/mock-server/*'],
        },
      ],
    },
  },
  {
    // The data layer and the contract must work against a real back end: they never reach into the mock server. The
    // data layer's tests reach the server through data/src/test-support.ts.
    files: ['data/src/**', 'api-contract/src/**'],
    ignores: ['data/src/**/*.test.ts', 'data/src/test-support.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@murmur/mock-server', '@murmur/mock-server/*'],
              message: 'The data layer may not import the mock server: move what both need to @murmur/api-contract.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs}', '**/vite.config.ts', '**/vitest.config.ts', 'e2e/**/*.ts', 'scripts/**'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // Browser tests and benchmarks run code in the page too (page.evaluate, addInitScript).
    files: ['e2e/**'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
