/**
 * @module The doctor's Redis check, when REDIS_URL is set: a connection of its own that answers
 * PING. The client is loaded only here, and retries nothing: a Redis that is away is reported
 * within the check's timeout.
 */
import { createRequire } from 'node:module';
import type * as IoRedis from 'ioredis';
import { CHECK_TIMEOUT_MS, describeError, fail, ok, redactURL, withTimeout, type CheckResult } from './check';

const load = createRequire(import.meta.url);

export async function checkRedis(url: string): Promise<CheckResult> {
  const where = redactURL(url);
  const { Redis } = load('ioredis') as typeof IoRedis;
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: CHECK_TIMEOUT_MS,
    commandTimeout: CHECK_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  // connect() rejects only with "Connection is closed."; the reason (refused, wrong password) is
  // emitted, and without a listener ioredis would print it too.
  let reason: unknown;
  redis.on('error', (error: unknown) => (reason ??= error));
  try {
    await withTimeout(redis.connect().then(() => redis.ping()));
    return ok('redis', `${where} answers PING`);
  } catch (error) {
    return fail(
      'redis',
      `${where} does not answer: ${describeError(reason ?? error)}`,
      'check REDIS_URL (host, port, password), and that Redis is running and lets this host in',
    );
  } finally {
    redis.disconnect();
  }
}
