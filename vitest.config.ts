import os from 'node:os';
import { defineConfig } from 'vitest/config';

/** At least two test files at a time for the API project, however few the cores. */
const workers = Math.max(2, os.availableParallelism() - 1);

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'core', root: 'packages/core', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'api',
          root: 'apps/api',
          include: ['src/**/*.test.ts'],
          setupFiles: ['./src/test/setup.ts'],
          globalSetup: ['./src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // Vitest's default is one worker less than the cores: one worker on CI's two. A file mostly waits on its own
          // database (PGlite in the worker, or a PostgreSQL backend), so two files at a time fill both cores
          // (docs/decisions/042-test-run-time.md). Each file still has its own database.
          maxWorkers: workers,
        },
      },
      {
        // The web app's own Vite config: its tests run on preact/compat, as the build does
        // (docs/decisions/032-preact-compat.md).
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          // Loaded by Node as they are, these would import the real React beside the app's Preact.
          server: { deps: { inline: [/react-router/, /@tanstack\/react-query/, /react-hook-form/, /@hookform/, /lucide-react/] } },
        },
        // ...and their ES modules, whose imports Vite can alias (React Router's CommonJS build is the default otherwise).
        ssr: { resolve: { conditions: ['module', 'node', 'development|production'] } },
      },
      {
        test: {
          name: 'e2e',
          root: 'e2e',
          include: ['**/*.spec.ts'],
          globalSetup: ['./support/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // One file at a time: two browsers and two servers at once on two cores made a sign-in time out
          // (docs/decisions/042-test-run-time.md).
          fileParallelism: false,
          // The browser settles asynchronously (effects, lazy routes): every read of the page is
          // polled, and a loaded CI machine gets a generous while before a check fails.
          expect: { poll: { timeout: 10_000 } },
        },
      },
      {
        // `npm run test:ops` (scripts/test-ops.mjs): nginx, two shop servers, PostgreSQL, S3 and SMTP as separate
        // processes, one file at a time; each file is one scenario whose steps build on each other
        // (docs/decisions/073-ops-test.md). Not part of `npm test`'s projects.
        test: {
          name: 'ops',
          root: 'ops',
          include: ['**/*.test.ts'],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
