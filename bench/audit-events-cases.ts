/**
 * @module GET /admin/list-audit-events over a log of `BENCH_AUDIT_EVENTS` events (default
 * 1,000,000, written in bulk with SQL: support/sql-rows.ts), one connection so that p50 is the cost
 * of a request, not its wait: filtered by user, by type and outcome, by a day's time range, and
 * unfiltered (the newest page and the total of the whole log). Each request asks for another
 * user, type or day, so no cache answers twice. Target (issue #33): p50 ≤ 50 ms with filters.
 */
import { runLoad, type LoadResult } from './support/load';
import { SEEDED_EVENT_SPACING, SEEDED_EVENT_TYPES, seedAuditEvents, type SqlRows } from './support/sql-rows';
import { TWO_FACTOR_USERS, twoFactorUserId } from './two-factor-case';

export const AUDIT_EVENTS = Number(process.env.BENCH_AUDIT_EVENTS ?? 1_000_000);
const DAY_MS = 24 * 60 * 60 * 1000;

export interface AuditCase {
  name: string;
  result: LoadResult;
}

/** Seeds the log (its users are the two-factor case's), then each filter for `duration` seconds. */
export async function benchAuditEvents(
  db: SqlRows,
  base: string,
  adminCookie: string,
  duration: number,
  forwardedFor?: () => string,
): Promise<{ seedSeconds: number; cases: AuditCase[] }> {
  const started = performance.now();
  const { oldest } = await seedAuditEvents(db, AUDIT_EVENTS, (i) =>
    twoFactorUserId(db.dialect, `${i} % ${TWO_FACTOR_USERS}`),
  );
  const seedSeconds = Math.round((performance.now() - started) / 1000);
  const spanMs = AUDIT_EVENTS * SEEDED_EVENT_SPACING * 1000;
  const pick = <T>(values: readonly T[]) => values[Math.floor(Math.random() * values.length)]!;
  const userIndex = () => String(Math.floor(Math.random() * TWO_FACTOR_USERS)).padStart(8, '0');
  const day = () => {
    const from = new Date(oldest.getTime() + Math.floor(Math.random() * Math.max(1, spanMs - DAY_MS)));
    return `from=${encodeURIComponent(from.toISOString())}&to=${encodeURIComponent(new Date(from.getTime() + DAY_MS).toISOString())}`;
  };
  const path = '/api/auth/admin/list-audit-events';
  const filters: Array<[string, () => string]> = [
    ['by user', () => `${path}?userId=bench-tf-u${userIndex()}`],
    ['by type and outcome', () => `${path}?type=${pick(SEEDED_EVENT_TYPES)}&outcome=failure`],
    ['one day', () => `${path}?${day()}`],
    ['unfiltered (newest page, total of all)', () => path],
  ];
  // Checked once by hand: autocannon counts any 2xx as a success, an empty page too.
  const first = await fetch(`${base}${filters[0]![1]()}`, { headers: { cookie: adminCookie } });
  const page = (await first.json()) as { total?: number };
  if (!first.ok || !page.total) throw new Error(`list-audit-events answered ${first.status} ${JSON.stringify(page)}`);
  const cases: AuditCase[] = [];
  for (const [name, nextPath] of filters) {
    const load = { url: `${base}${path}`, headers: { cookie: adminCookie }, connections: 1, nextPath, forwardedFor };
    await runLoad({ ...load, duration: 1 });
    cases.push({ name, result: await runLoad({ ...load, duration }) });
  }
  return { seedSeconds, cases };
}
