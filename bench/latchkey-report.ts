/**
 * @module Latchkey's results as the README shows them: per configuration, each case at the median
 * of its rounds beside bare node:http's CPU per request (or Argon2's own rate, for the cases whose
 * cost is a password hash), and the targets of issue #33 with their verdicts.
 */
import { HASH_CASES, LOAD_CASES, type CaseKey, type LatchkeyResults, type Round } from './latchkey-cases';
import { cpuRatio, type CpuLoadResult } from './support/cpu';
import type { BenchRow } from './support/rows';

const pct = (part: number, whole: number) => `${Math.round((part / Math.max(1, whole)) * 100)} %`;

function medianBy<T>(values: readonly T[], by: (value: T) => number): T {
  return [...values].sort((a, b) => by(a) - by(b))[Math.floor(values.length / 2)]!;
}

/** A case's CPU per request as a multiple of bare's in the same round: the median round's. */
export function cpuMultiple(rounds: readonly Round[], key: CaseKey): { round: Round; multiple: number } {
  const multiple = (round: Round) => round.cases[key].cpuMicrosPerRequest / Math.max(1, round.bare.cpuMicrosPerRequest);
  const round = medianBy(rounds, multiple);
  return { round, multiple: multiple(round) };
}

/** A hashing case's rate as a share of Argon2's own in the same round: the median round's. */
export function argon2Share(rounds: readonly Round[], key: CaseKey): { round: Round; share: number } {
  const share = (round: Round) => round.cases[key].requestsPerSecond / Math.max(1, round.argon2);
  const round = medianBy(rounds, share);
  return { round, share: share(round) };
}

const cpuCells = (result: CpuLoadResult, bare: CpuLoadResult) => ({
  cpuMicros: result.cpuMicrosPerRequest,
  cpuRatio: cpuRatio(result.cpuMicrosPerRequest, bare.cpuMicrosPerRequest),
});

export function latchkeyRows(results: LatchkeyResults): BenchRow[] {
  const { rounds } = results;
  const bareRound = medianBy(rounds, (round) => round.bare.cpuMicrosPerRequest);
  const rows: BenchRow[] = [
    {
      name: 'bare node:http, constant JSON',
      ...bareRound.bare,
      cpuMicros: bareRound.bare.cpuMicrosPerRequest,
      cpuRatio: '1.0×',
      note: `the yardstick; CPU µs/request in the rounds ${rounds.map((r) => r.bare.cpuMicrosPerRequest).join(', ')}`,
    },
  ];
  for (const [key, name] of LOAD_CASES) {
    const { round } = cpuMultiple(rounds, key);
    const multiples = rounds.map((r) => cpuRatio(r.cases[key].cpuMicrosPerRequest, r.bare.cpuMicrosPerRequest));
    rows.push({
      name: `Latchkey ${name}`,
      ...round.cases[key],
      ...cpuCells(round.cases[key], round.bare),
      note: `CPU × bare in the rounds ${multiples.join(', ')}; req/s ${pct(round.cases[key].requestsPerSecond, round.bare.requestsPerSecond)} of bare`,
    });
  }
  for (const [key, name] of HASH_CASES) {
    const { round } = argon2Share(rounds, key);
    rows.push({
      name: `Latchkey ${name}`,
      ...round.cases[key],
      ...cpuCells(round.cases[key], round.bare),
      note:
        `${pct(round.cases[key].requestsPerSecond, round.argon2)} of Argon2's own verify rate (${round.argon2}/s; median; rounds ` +
        `${rounds.map((r) => pct(r.cases[key].requestsPerSecond, r.argon2)).join(', ')})`,
    });
  }
  const database = cpuMultiple(rounds, 'database').round.cases.database;
  rows.push({
    name: 'Latchkey get-session (no cache) while sign-ins run',
    ...results.mixed,
    note:
      `${pct(results.mixed.requestsPerSecond, database.requestsPerSecond)} of its rate alone; ` +
      `p99 ${results.mixed.latencyP99} ms vs ${database.latencyP99} ms alone; ` +
      `${results.mixedSignIn.requestsPerSecond} sign-ins/s meanwhile`,
  });
  for (const { name, result } of results.audit.cases) {
    rows.push({
      name: `Latchkey GET /admin/list-audit-events, ${name}`,
      ...result,
      note: `1 connection; ${AUDIT_NOTE(results)}`,
    });
  }
  return rows;
}

const AUDIT_NOTE = (results: LatchkeyResults) => `log seeded in ${results.audit.seedSeconds} s`;

type Verdict = [string, string];

/** The targets of issue #33 for one configuration: what was measured, and whether it met the line. */
export function targetVerdicts(results: LatchkeyResults): Record<string, Verdict> {
  const production = results.configuration === 'production';
  const line = (met: boolean, text: string): Verdict => [text, met ? 'met' : 'not met'];
  const multiple = (key: CaseKey) => cpuMultiple(results.rounds, key).multiple;
  const signIn = argon2Share(results.rounds, 'signIn');
  const signInResult = signIn.round.cases.signIn;
  const filtered = results.audit.cases.filter((c) => !c.name.startsWith('unfiltered'));
  const worstFiltered = Math.max(...filtered.map((c) => c.result.latencyP50));
  const verdicts: Record<string, Verdict> = {
    'get-session, cookie cache ≤ 2.0× bare': line(multiple('cached') <= 2, `${multiple('cached').toFixed(1)}×`),
    [`get-session, database path ≤ ${production ? 5 : 4}× bare`]: line(
      multiple('database') <= (production ? 5 : 4),
      `${multiple('database').toFixed(1)}×`,
    ),
    'GET /ok ≤ 1.3× bare': line(multiple('ok') <= 1.3, `${multiple('ok').toFixed(1)}×`),
    "sign-in ≥ 90 % of Argon2's rate, p99 ≤ 2 × p50": line(
      signIn.share >= 0.9 && signInResult.latencyP99 <= 2 * signInResult.latencyP50,
      `${Math.round(signIn.share * 100)} %; p50 ${signInResult.latencyP50} ms, p99 ${signInResult.latencyP99} ms`,
    ),
    'RSS ≤ 90 MB idle, ≤ 150 MB after': line(
      results.idleRssMb <= 90 && results.rssMb <= 150,
      `${results.idleRssMb} idle, ${results.rssMb} after the cases, ${results.auditRssMb} after the audit log's, ${results.settledRssMb} settled`,
    ),
    'list-audit-events over 1M events, p50 ≤ 50 ms with filters': line(
      worstFiltered <= 50,
      `p50 ${filtered.map((c) => c.result.latencyP50).join(' / ')} ms (${filtered.map((c) => c.name).join(' / ')})`,
    ),
  };
  if (!production)
    verdicts['start to first answer ≤ 1 s (SQLite)'] = line(results.startMs <= 1000, `${results.startMs} ms`);
  return verdicts;
}

/** The targets table: one column per configuration. */
export function printTargets(all: readonly LatchkeyResults[]): void {
  const verdicts = all.map(targetVerdicts);
  const targets = [
    ...new Set(verdicts.flatMap((v) => Object.keys(v)).map((t) => t.replace(/≤ [45]× bare/, '≤ 4× / 5× bare'))),
  ];
  console.log(`| target | ${all.map((r) => r.configuration).join(' | ')} |`);
  console.log(`|---|${all.map(() => '---|').join('')}`);
  for (const target of targets) {
    const cells = verdicts.map((v) => {
      const entry = Object.entries(v).find(([t]) => t.replace(/≤ [45]× bare/, '≤ 4× / 5× bare') === target)?.[1];
      return entry ? `${entry[0]} — ${entry[1]}` : '—';
    });
    console.log(`| ${target} | ${cells.join(' | ')} |`);
  }
}
