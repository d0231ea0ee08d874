import { configDefaults, defineConfig } from 'vitest/config';
import type { TestProjectInlineConfiguration } from 'vitest/config';

/**
 * The options every project shares. Projects do not `extends: true` the root: that would run the
 * global setup (the service probe) once per project instead of once per run.
 */
const shared = {
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // expect.poll waits for a page or a background write; one second (vitest's default) is too
  // short for a page load on a CI machine busy with two test files and argon2 (a flake of stop 34).
  expect: { poll: { timeout: 5_000 } },
};

const PLUGIN_TESTS = 'packages/server/src/plugins/*/test/**/*.test.ts';

function project(name: string, include: string[], exclude: string[] = []): TestProjectInlineConfiguration {
  return {
    test: {
      name,
      include,
      ...(exclude.length > 0 ? { exclude: [...configDefaults.exclude, ...exclude] } : {}),
      ...shared,
    },
  };
}

export default defineConfig({
  test: {
    projects: [
      // Tests beside the code they test: one module each, no database server, no browser, no
      // Latchkey server; `npm run test:unit` runs them alone (test/global-setup.ts probes nothing then).
      project('unit', ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.{ts,tsx}'], [PLUGIN_TESTS]),
      // The rest, by area; each runs alone with `npx vitest run --project <name>`. A plugin's own
      // test folder drives the whole auth on every database, as the engine's suites do.
      project('engine', ['packages/server/test/**/*.test.ts', PLUGIN_TESTS]),
      project('client', ['packages/client/test/**/*.test.ts']),
      project('server', ['apps/server/test/**/*.test.ts']),
      project('web', ['apps/web/test/**/*.test.{ts,tsx}']),
      project('e2e', ['e2e/**/*.test.ts']),
      project('docs', ['test/**/*.test.ts']),
    ],
    // The root project's global setup runs once for the whole run, whatever projects are selected.
    globalSetup: ['test/global-setup.ts'],
    reporters: ['default', './test/summary-reporter.ts'],
    // Argon2 runs on libuv's pool: a couple of files at once keeps both cores busy without thrashing.
    maxWorkers: 2,
  },
});
