/**
 * @module `GET /readyz`: whether this instance can serve, for a load balancer or an orchestrator
 * deciding where to send traffic. Ready means the database answers and has every migration this
 * version needs, and Redis (when REDIS_URL is set) answers a PING. `/api/auth/ok` stays the
 * liveness probe: a database outage makes an instance unready, not worth restarting.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Each check gives up after this, so the answer comes within the 1 s an orchestrator waits by
 * default (Kubernetes' timeoutSeconds); the checks run side by side.
 */
export const READINESS_CHECK_TIMEOUT_MS = 800;

export interface ReadinessProbes {
  /** The migrations not yet applied; rejects when the database cannot be reached. */
  pendingMigrations(): Promise<readonly string[]>;
  /** Present when REDIS_URL is set; rejects when Redis does not answer. */
  pingRedis?: () => Promise<void>;
}

/** `ok`, or what is wrong in a few words; never an error's message, which may name hosts or users. */
export type CheckResult = string;

export interface Readiness {
  readonly ready: boolean;
  readonly checks: Readonly<Record<string, CheckResult>>;
}

export interface ReadinessLogger {
  warn(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
}

class TimedOut extends Error {}

function withTimeout<T>(work: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimedOut()), timeoutMs);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

const failure = (error: unknown) => (error instanceof TimedOut ? 'timed out' : 'unreachable');

export async function checkReadiness(
  probes: ReadinessProbes,
  timeoutMs = READINESS_CHECK_TIMEOUT_MS,
): Promise<Readiness & { errors: Record<string, unknown> }> {
  const checks: Record<string, CheckResult> = {};
  const errors: Record<string, unknown> = {};
  const database = withTimeout(probes.pendingMigrations(), timeoutMs).then(
    (pending) => {
      checks.database = 'ok';
      checks.migrations = pending.length === 0 ? 'ok' : `pending: ${pending.join(', ')}`;
    },
    (error: unknown) => {
      checks.database = failure(error);
      checks.migrations = 'unknown';
      errors.database = error;
    },
  );
  const redis = probes.pingRedis
    ? withTimeout(probes.pingRedis(), timeoutMs).then(
        () => void (checks.redis = 'ok'),
        (error: unknown) => {
          checks.redis = failure(error);
          errors.redis = error;
        },
      )
    : undefined;
  await Promise.all([database, redis]);
  return { ready: Object.values(checks).every((result) => result === 'ok'), checks, errors };
}

/**
 * The route. A failure is logged when it starts and when it ends, not at every probe: an
 * orchestrator asks every few seconds for as long as the outage lasts.
 */
export function readinessRoute(probes: ReadinessProbes, logger: ReadinessLogger) {
  let lastFailure = '';
  return async (_request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const { ready, checks, errors } = await checkReadiness(probes);
    const failed = ready ? '' : JSON.stringify(checks);
    if (failed !== lastFailure) {
      if (ready) logger.info({ checks }, 'Ready again');
      else logger.warn({ checks, err: errors.database ?? errors.redis }, 'Not ready');
      lastFailure = failed;
    }
    const body = JSON.stringify({ status: ready ? 'ready' : 'not ready', checks });
    response.writeHead(ready ? 200 : 503, {
      'content-type': 'application/json',
      'cache-control': 'no-store',
      'content-length': String(Buffer.byteLength(body)),
    });
    response.end(body);
  };
}
