/**
 * @module `npm run bench`: Latchkey in its two configurations (support/configurations.ts:
 * development on SQLite with the rate limit off; production on PostgreSQL and Redis with the rate
 * limit on, behind a trusted proxy) beside a bare node:http server and Argon2's own verify rate,
 * each case with the server's CPU per request; better-auth 1.7 beside the development one; then
 * the cost as data grows and the pruning of a backlog. Each server runs in a process of its own,
 * one case at a time (BENCH_DURATION seconds after a 2 s warm-up). Prints Markdown tables for
 * bench/README.md, and exits 1 if any request failed or a case got no answer.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchDataGrowth } from './data-growth';
import { ROUNDS, SIGN_IN_CONNECTIONS, type LatchkeyResults } from './latchkey-cases';
import { argon2Share, cpuMultiple } from './latchkey-report';
import { benchLatchkeyConfigurations, printLatchkeyResults } from './latchkey-run';
import { benchBetterAuth } from './peer-cases';
import { benchPrune } from './prune';
import { ensureBetterAuthInstalled } from './support/better-auth-peer';
import { CONFIGURATIONS } from './support/configurations';
import type { LoadResult } from './support/load';
import { failOnUntrustedRows, printRows, type BenchRow } from './support/rows';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);

const rps = (result: LoadResult) => result.requestsPerSecond.toLocaleString('en-US');

/** The first table: Latchkey (development) beside better-auth and bare node:http. */
function printPeerTable(dev: LatchkeyResults, peers: Awaited<ReturnType<typeof benchBetterAuth>>): void {
  const peer = (name: string) => peers.find((row) => row.name === name)!;
  const [baOk, baSession, baSignIn] = ['GET /ok', 'get-session', 'sign-in (10 connections)'].map((c) =>
    peer(`better-auth ${c}`),
  );
  const [, bacSession, bacSignIn] = ['GET /ok', 'get-session', 'sign-in (10 connections)'].map((c) =>
    peer(`better-auth + cookie cache ${c}`),
  );
  const cached = cpuMultiple(dev.rounds, 'cached');
  const database = cpuMultiple(dev.rounds, 'database');
  const ok = cpuMultiple(dev.rounds, 'ok');
  const signIn = argon2Share(dev.rounds, 'signIn');
  const signInResult = signIn.round.cases.signIn;
  const x = (multiple: number) => `${multiple.toFixed(1)}× bare's CPU`;
  console.log('| case | bare node:http | better-auth | better-auth + cookie cache | Latchkey (development) |');
  console.log('|---|---:|---:|---:|---:|');
  console.log(
    `| GET get-session, 50 connections (req/s) | ${rps(cached.round.bare)} | ${rps(baSession!)} | ${rps(bacSession!)} | ` +
      `${rps(cached.round.cases.cached)} (${x(cached.multiple)}); database path ${rps(database.round.cases.database)} (${x(database.multiple)}) |`,
  );
  console.log(
    `| POST sign-in/email, ${SIGN_IN_CONNECTIONS} connections (req/s, p50/p99 ms) | Argon2 alone ${signIn.round.argon2} verifies/s | ` +
      `${rps(baSignIn!)} (${baSignIn!.latencyP50}/${baSignIn!.latencyP99}) | ${rps(bacSignIn!)} | ` +
      `${rps(signInResult)} (${signInResult.latencyP50}/${signInResult.latencyP99}) |`,
  );
  console.log(
    `| GET /ok, 50 connections (req/s) | ${rps(ok.round.bare)} | ${rps(baOk!)} | — | ${rps(ok.round.cases.ok)} (${x(ok.multiple)}) |`,
  );
  console.log(
    `| RSS (MB) | — | ${baSignIn!.rssMb ?? '—'} after | ${bacSignIn!.rssMb ?? '—'} after | ` +
      `${dev.idleRssMb} idle, ${dev.rssMb} after, ${dev.settledRssMb} settled |\n`,
  );
}

async function main(): Promise<void> {
  // Before the load average is read: a first run installs the peer (npm ci in bench/better-auth).
  ensureBetterAuthInstalled();
  const loadBefore = loadavg()[0] ?? 0;
  const dataDir = mkdtempSync(join(tmpdir(), 'latchkey-bench-'));
  const rows: BenchRow[] = [];
  try {
    const results = await benchLatchkeyConfigurations(CONFIGURATIONS, dataDir, DURATION);
    const loadAfterLatchkey = loadavg()[0] ?? 0;
    const peers = await benchBetterAuth({ dataDir, duration: DURATION });
    rows.push(...peers);

    const cpu = cpus();
    console.log(
      `\n${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC · Node ${process.version} · ${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'} · ` +
        `load average ${loadBefore.toFixed(1)} before the run, ${loadAfterLatchkey.toFixed(1)} after Latchkey's cases · ` +
        `${DURATION} s per case, ${ROUNDS} rounds\n`,
    );
    printPeerTable(results[0]!, peers);
    rows.push(...printLatchkeyResults(results));
    console.log('\nbetter-auth 1.7:\n');
    printRows(peers);

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
    console.log(`\nLoad average at the end: ${(loadavg()[0] ?? 0).toFixed(1)}`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  failOnUntrustedRows(rows);
}

await main();
