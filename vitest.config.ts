import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'packages/*/test/**/*.test.ts',
      'apps/*/test/**/*.test.ts',
      'apps/web/test/**/*.test.tsx',
      'e2e/**/*.test.ts',
    ],
    globalSetup: ['test/global-setup.ts'],
    reporters: ['default', './test/summary-reporter.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Argon2 runs on libuv's pool: a couple of files at once keeps both cores busy without thrashing.
    maxWorkers: 2,
  },
});
