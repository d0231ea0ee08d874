/**
 * Probes the database servers and the browser once for the whole run. A missing server skips its suites with one
 * clear line, or fails the run when REQUIRE_SERVICES=1 (as in CI). A run of the unit project alone (`npm run
 * test:unit`) needs none of them, so it probes nothing and reports nothing missing.
 */
import type { TestProject } from 'vitest/node';
import {
  CHROMIUM,
  hasChromium,
  isReachable,
  isRedisReachable,
  MYSQL_URL,
  POSTGRES_URL,
  REDIS_URL,
  requestedDialects,
  type TestDialect,
} from './services';

declare module 'vitest' {
  export interface ProvidedContext {
    dialects: TestDialect[];
    redis: boolean;
    chromium: boolean;
  }
}

const where: Record<TestDialect, string> = { sqlite: 'a temporary file', postgres: POSTGRES_URL, mysql: MYSQL_URL };

/** The project of the tests beside the code (vitest.config.ts): no database, no Redis, no browser. */
const UNIT_PROJECT = 'unit';

export default async function setup(project: TestProject): Promise<void> {
  // project.vitest.projects holds only the projects this run selected (--project).
  if (project.vitest.projects.every((selected) => selected.name === UNIT_PROJECT)) {
    project.provide('dialects', []);
    project.provide('redis', false);
    project.provide('chromium', false);
    return;
  }
  const available: TestDialect[] = [];
  const missing: string[] = [];
  for (const dialect of requestedDialects()) {
    if (await isReachable(dialect)) available.push(dialect);
    else missing.push(`${dialect} (${where[dialect]})`);
  }
  const redis = await isRedisReachable();
  if (!redis) missing.push(`redis (${REDIS_URL})`);
  const chromium = hasChromium();
  if (!chromium) missing.push(`chromium (${CHROMIUM}; apt-get install -y chromium)`);
  if (missing.length > 0) {
    const list = missing.join(', ');
    if (process.env.REQUIRE_SERVICES === '1') throw new Error(`REQUIRE_SERVICES=1 but not reachable: ${list}`);
    console.warn(`SKIPPED: suites for ${list}: not reachable (set REQUIRE_SERVICES=1 to fail instead)`);
  }
  project.provide('dialects', available);
  project.provide('redis', redis);
  project.provide('chromium', chromium);
}
