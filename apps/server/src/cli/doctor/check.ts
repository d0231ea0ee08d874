/**
 * @module What every check of `latchkey doctor` answers, how it is printed, and the limits that
 * keep it from hanging: one line per finding, ✓ in order, ! a warning (the exit code stays 0),
 * ✗ a problem with the fix on the same line.
 */

export type CheckStatus = 'ok' | 'warn' | 'fail';

export interface CheckResult {
  readonly status: CheckStatus;
  /** What was checked: `database`, `redis`, `sign-in with GitHub`. */
  readonly subject: string;
  /** What was found, in a sentence. */
  readonly finding: string;
  /** What to do about it; every problem has one. */
  readonly fix?: string | undefined;
}

/**
 * Every network check gives up after this long: a doctor run ends in seconds even when every
 * service is away, which is when it is run. The engine's own database connect timeout is as long.
 */
export const CHECK_TIMEOUT_MS = 5_000;

/**
 * The clock skew tolerated between this host and the database: 30 s, the tolerance oauth4webapi
 * allows an id_token's times, and half the 60-second session cookie cache, whose age every
 * instance judges by its own clock. Beyond it sign-ins with a provider fail and instances disagree
 * about which sessions and links have expired.
 */
export const MAX_CLOCK_SKEW_MS = 30_000;

export const ok = (subject: string, finding: string): CheckResult => ({ status: 'ok', subject, finding });
export const warn = (subject: string, finding: string, fix?: string): CheckResult => ({
  status: 'warn',
  subject,
  finding,
  fix,
});
export const fail = (subject: string, finding: string, fix: string): CheckResult => ({
  status: 'fail',
  subject,
  finding,
  fix,
});

const MARK: Readonly<Record<CheckStatus, string>> = { ok: '✓', warn: '!', fail: '✗' };

/** Plain text: a terminal, a log file or CI reads it the same. */
export function formatResult(result: CheckResult): string {
  const fix = result.fix ? ` — fix: ${result.fix}` : '';
  return `${MARK[result.status]} ${result.subject}: ${result.finding}${fix}`;
}

export class CheckTimeout extends Error {
  constructor(ms: number) {
    super(`no answer within ${ms / 1000} s`);
    this.name = 'CheckTimeout';
  }
}

/** `work`, or a CheckTimeout after `ms`; the timer never keeps the process alive. */
export async function withTimeout<T>(work: Promise<T>, ms: number = CHECK_TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new CheckTimeout(ms)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * An error in the words that say what went wrong: the cause of fetch's "fetch failed", the first
 * of the attempts a connect made to each address of a host (AggregateError, empty message).
 */
export function describeError(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return describeError(error.errors[0]);
  if (error instanceof Error) {
    if (error.message === 'fetch failed' && error.cause !== undefined) return describeError(error.cause);
    return error.message || (error as NodeJS.ErrnoException).code || error.name;
  }
  return String(error);
}

/** A server URL without its credentials (and without a query, which may carry them too). */
export function redactURL(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
}
