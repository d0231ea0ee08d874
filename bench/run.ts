/**
 * @module `npm run bench`: Latchkey beside better-auth 1.7 and a bare node:http server, each in a
 * process of its own, one case at a time (BENCH_DURATION seconds after a 2 s warm-up), and Argon2's
 * own verify rate as sign-in's yardstick; then the OAuth provider's token, introspection and userinfo
 * routes (bench/oauth-provider-cases.ts), and the cases of data growth and of pruning. Prints
 * Markdown tables for bench/README.md, and exits 1 if any request failed or a case got no answer.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rawVerifyRate } from './argon2-raw';
import { benchDataGrowth } from './data-growth';
import { benchLatchkey, ROUNDS, SIGN_IN_CONNECTIONS, type Round } from './latchkey-cases';
import { benchOAuthProvider } from './oauth-provider-cases';
import { benchBetterAuth } from './peer-cases';
import { benchPrune } from './prune';
import { ensureBetterAuthInstalled } from './support/better-auth-peer';
import { measure, type LoadResult } from './support/load';
import { failOnUntrustedRows, printRows, type BenchRow } from './support/rows';
import { startServerProcess } from './support/server-process';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const BARE_SERVER = fileURLToPath(new URL('./bare-server.ts', import.meta.url));

const rps = (result: LoadResult) => result.requestsPerSecond.toLocaleString('en-US');
const share = (part: number, whole: number) => `${Math.round((part / whole) * 100)} %`;

/** The round whose `value` is the median of the rounds'. */
function medianBy(rounds: readonly Round[], value: (round: Round) => number): Round {
  const sorted = [...rounds].sort((a, b) => value(a) - value(b));
  return sorted[Math.floor(sorted.length / 2)]!;
}

interface RatioInRounds {
  /** The case in the round of the median ratio. */
  result: LoadResult;
  share: string;
  note: string;
}

/** A case's rate as a share of its yardstick's in the same round: the median round's, and every round's. */
function ratioInRounds(
  rounds: readonly Round[],
  pick: (round: Round) => LoadResult,
  yardstick: (round: Round) => number,
  yardstickName: string,
): RatioInRounds {
  const ratio = (round: Round) => pick(round).requestsPerSecond / yardstick(round);
  const median = medianBy(rounds, ratio);
  const shareOf = (round: Round) => share(pick(round).requestsPerSecond, yardstick(round));
  return {
    result: pick(median),
    share: shareOf(median),
    note: `${shareOf(median)} of ${yardstickName} (median; rounds ${rounds.map(shareOf).join(', ')})`,
  };
}

async function main(): Promise<void> {
  // Before the load average is read: a first run installs the peer (npm ci in bench/better-auth).
  ensureBetterAuthInstalled();
  const loadBefore = loadavg()[0] ?? 0;
  const dataDir = mkdtempSync(join(tmpdir(), 'latchkey-bench-'));
  const rows: BenchRow[] = [];
  try {
    const bareServer = await startServerProcess(BARE_SERVER, '/', {}, dataDir);
    const latchkey = await benchLatchkey(dataDir, DURATION, {
      bare: () => measure({ url: `${bareServer.url}/` }, DURATION),
      argon2: () => rawVerifyRate(DURATION, SIGN_IN_CONNECTIONS),
    }).finally(() => bareServer.stop());
    const { rounds } = latchkey;
    const bare = medianBy(rounds, (round) => round.bare.requestsPerSecond).bare;
    const argon2 = medianBy(rounds, (round) => round.argon2).argon2;
    rows.push({ name: 'bare node:http, constant JSON', ...bare, note: `the yardstick; median of ${ROUNDS} rounds` });
    const [ok, cached, database] = (['ok', 'cached', 'database'] as const).map((name) =>
      ratioInRounds(
        rounds,
        (round) => round[name],
        (round) => round.bare.requestsPerSecond,
        'bare',
      ),
    ) as [RatioInRounds, RatioInRounds, RatioInRounds];
    const signIn = ratioInRounds(
      rounds,
      (round) => round.signIn,
      (round) => round.argon2,
      "Argon2's own verify rate",
    );

    const peers = await benchBetterAuth({ dataDir, duration: DURATION });
    const peer = (name: string) => peers.find((row) => row.name === name)!;
    const [baOk, baSession, baSignIn] = ['GET /ok', 'get-session', 'sign-in (10 connections)'].map((c) =>
      peer(`better-auth ${c}`),
    );
    const [, bacSession, bacSignIn] = ['GET /ok', 'get-session', 'sign-in (10 connections)'].map((c) =>
      peer(`better-auth + cookie cache ${c}`),
    );
    rows.push(
      { name: 'Latchkey GET /ok (routing only)', ...ok.result, note: ok.note },
      { name: 'Latchkey get-session, cookie cache', ...cached.result, note: cached.note },
      { name: 'Latchkey get-session, disableCookieCache=true', ...database.result, note: database.note },
      { name: `Latchkey sign-in (${SIGN_IN_CONNECTIONS} connections)`, ...signIn.result, note: signIn.note },
      {
        name: 'Latchkey get-session (no cache) while sign-ins run',
        ...latchkey.mixed,
        note:
          `${share(latchkey.mixed.requestsPerSecond, database.result.requestsPerSecond)} of its rate alone; ` +
          `p99 ${latchkey.mixed.latencyP99} ms vs ${database.result.latencyP99} ms alone; ` +
          `${latchkey.mixedSignIn.requestsPerSecond} sign-ins/s meanwhile`,
      },
      ...peers,
    );

    const cpu = cpus();
    console.log(
      `\n${new Date().toISOString().slice(0, 10)} · Node ${process.version} · ${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'} · ` +
        `load average ${loadBefore.toFixed(1)} before the run · ${DURATION} s per case\n`,
    );
    console.log('| case | bare node:http | better-auth | better-auth + cookie cache | Latchkey |');
    console.log('|---|---:|---:|---:|---:|');
    console.log(
      `| GET get-session, 50 connections (req/s) | ${rps(bare)} | ${rps(baSession!)} | ${rps(bacSession!)} | ` +
        `${rps(cached.result)} (${cached.share} of bare); database path ${rps(database.result)} (${database.share} of bare) |`,
    );
    console.log(
      `| POST sign-in/email, ${SIGN_IN_CONNECTIONS} connections (req/s, p50/p99 ms) | Argon2 alone ${argon2} verifies/s | ` +
        `${rps(baSignIn!)} (${baSignIn!.latencyP50}/${baSignIn!.latencyP99}) | ${rps(bacSignIn!)} | ` +
        `${rps(signIn.result)} (${signIn.result.latencyP50}/${signIn.result.latencyP99}) |`,
    );
    console.log(
      `| GET /ok, 50 connections (req/s) | ${rps(bare)} | ${rps(baOk!)} | — | ${rps(ok.result)} (${ok.share} of bare) |`,
    );
    console.log(
      `| RSS (MB) | — | ${baSignIn!.rssMb ?? '—'} after | ${bacSignIn!.rssMb ?? '—'} after | ` +
        `${latchkey.idleRssMb} idle, ${latchkey.rssMb} after, ${latchkey.settledRssMb} settled |\n`,
    );
    printRows(rows);

    // The OAuth provider's hot routes, each round beside its own bare yardstick (and CPU per request).
    const oauth = await benchOAuthProvider({ dataDir, duration: DURATION });
    console.log('\nOAuth provider: token, introspection, userinfo (issue #31):\n');
    printRows(oauth);
    rows.push(...oauth);

    // The cost as data grows, and the pruning of a backlog: on their own databases, after the rest.
    for (const dialect of ['sqlite', 'postgres'] as const) {
      const growth = await benchDataGrowth({ dialect, duration: DURATION, log: (line) => console.error(line) });
      console.log(`\nData growth, ${dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'}:\n`);
      printRows(growth);
      rows.push(...growth);
    }
    const prune = await benchPrune({ dataDir });
    console.log('\nPruning a backlog of expired sessions (SQLite):\n');
    printRows(prune);
    rows.push(...prune);
    console.log(
      `\nRSS of the Latchkey process: ${latchkey.idleRssMb} MB idle after start, ${latchkey.rssMb} MB after its cases, ${latchkey.settledRssMb} MB once its hashing threads had ended.`,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  failOnUntrustedRows(rows);
}

await main();
