import { defineConfig } from 'vitest/config';

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
          fileParallelism: false,
          // The browser settles asynchronously (effects, lazy routes): every read of the page is
          // polled, and a loaded CI machine gets a generous while before a check fails.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
