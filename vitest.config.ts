import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'packages/*/test/**/*.test.ts',
      'apps/*/test/**/*.test.ts',
      'apps/web/test/**/*.test.tsx',
      'e2e/**/*.test.ts',
      'test/**/*.test.ts',
    ],
    globalSetup: ['test/global-setup.ts'],
    reporters: ['default', './test/summary-reporter.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // expect.poll waits for a page or a background write; one second (vitest's default) is too
    // short for a page load on a CI machine busy with two test files and argon2 (a flake of stop 34).
    expect: { poll: { timeout: 5_000 } },
    // Argon2 runs on libuv's pool: a couple of files at once keeps both cores busy without thrashing.
    maxWorkers: 2,
  },
});
