// @ts-check
import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';

/** Web features never import each other (docs/design.md): the app (router) composes them; shared UI lives in components/. */
const webFeatures = fs.readdirSync('apps/web/src/features', { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
const featureZones = webFeatures.map((name) => ({
  target: `./apps/web/src/features/${name}`,
  from: './apps/web/src/features',
  except: [`./${name}`],
  message: 'Fitur web tidak mengimpor fitur lain: pindahkan bagian bersama ke apps/web/src/components atau lib, atau susun di app/.',
}));

/**
 * API features reach each other only through a service (or another plain module), never through a
 * repository or a routes file: a feature's SQL and its HTTP surface are its own (decision 075).
 * features/index.ts registers every feature's routes, and tests may read any table to check a rule.
 */
const apiFeatures = fs.readdirSync('apps/api/src/features', { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
const apiFeatureZones = apiFeatures.map((name) => ({
  target: `./apps/api/src/features/${name}/**/*.ts`,
  from: apiFeatures.filter((other) => other !== name).flatMap((other) => [`./apps/api/src/features/${other}/**/*.repository.ts`, `./apps/api/src/features/${other}/**/*.routes.ts`]),
  message: 'Fitur API memakai fitur lain lewat service-nya, bukan repository atau routes-nya (docs/decisions/075-checkout-workflow.md).',
}));

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '.tmp/**', 'bench/reports/**', 'e2e/artifacts/**', 'apps/api/src/db/migrations/**', '**/*.js', '**/*.mjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      // Type information for the promise rules: a forgotten await is a silent bug in a handler.
      parserOptions: { projectService: { allowDefaultProject: ['vitest.config.ts'] }, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      // Our own modules only: following node_modules would parse bundled dependencies for nothing.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'import-x/no-restricted-paths': ['error', { zones: featureZones }],
    },
  },
  {
    // Dependencies flow one way: core has no I/O, web never imports the api.
    files: ['packages/core/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['node:*', 'fs', 'pg', 'drizzle-orm*', 'fastify*', 'react*', '@pasar/api*', '**/apps/**'] }] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['@pasar/api*', '**/apps/api/**'] }] },
  },
  {
    // Only repositories (and the database layer, the seed and tests) touch the ORM.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/**/*.repository.ts', 'apps/api/src/db/**', 'apps/api/src/test/**', 'apps/api/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'drizzle-orm', message: 'Hanya *.repository.ts yang menulis SQL (docs/design.md).' }], patterns: [{ group: ['drizzle-orm/*'], message: 'Hanya *.repository.ts yang menulis SQL (docs/design.md).' }] },
      ],
    },
  },
  {
    files: ['apps/api/src/features/**/*.ts'],
    ignores: ['apps/api/src/features/index.ts', 'apps/api/src/**/*.test.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: apiFeatureZones }] },
  },
  {
    files: ['bench/**/*.ts', 'e2e/**/*.ts', 'scripts/**/*.ts', 'apps/api/src/db/seed/**/*.ts', 'apps/api/scripts/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
  // The build, start and test scripts run with plain node: linted like the rest, with types from scripts/tsconfig.json.
  { ignores: ['!scripts/*.mjs'] },
  {
    files: ['scripts/*.mjs'],
    languageOptions: { globals: globals.node },
    rules: { 'no-console': 'off' },
  },
);
