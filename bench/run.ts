/**
 * @module `npm run bench`: Latchkey beside better-auth 1.7 and a bare node:http server, each in a
 * process of its own, one case at a time (BENCH_DURATION seconds after a 2 s warm-up), and Argon2's
 * own verify rate as sign-in's yardstick; then the cases of data growth and of pruning. Prints
 * Markdown tables for bench/README.md, and exits 1 if any request failed or a case got no answer.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rawVerifyRate } from './argon2-raw';
import { benchDataGrowth } from './data-growth';
import { benchLatchkey, SIGN_IN_CONNECTIONS } from './latchkey-cases';
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

async function main(): Promise<void> {
  // Before the load average is read: a first run installs the peer (npm ci in bench/better-auth).
  ensureBetterAuthInstalled();
  const loadBefore = loadavg()[0] ?? 0;
  const dataDir = mkdtempSync(join(tmpdir(), 'latchkey-bench-'));
  const rows: BenchRow[] = [];
  try {
    const argon2 = await rawVerifyRate(DURATION, SIGN_IN_CONNECTIONS);
    const bareServer = await startServerProcess(BARE_SERVER, '/', {}, dataDir);
    const bare = await measure({ url: `${bareServer.url}/` }, DURATION).finally(() => bareServer.stop());
    rows.push({ name: 'bare node:http, constant JSON', ...bare, note: 'the yardstick' });

    const latchkey = await benchLatchkey(dataDir, DURATION);
    const peers = await benchBetterAuth({ dataDir, duration: DURATION });
    const peer = (name: string) => peers.find((row) => row.name === name)!;
    const [baOk, baSession, baSignIn] = ['GET /ok', 'get-session', 'sign-in (10 connections)'].map((c) =>
      peer(`better-auth ${c}`),
    );
    const [, bacSession, bacSignIn] = ['GET /ok', 'get-session', 'sign-in (10 connections)'].map((c) =>
      peer(`better-auth + cookie cache ${c}`),
    );
    const ofBare = (result: LoadResult) => `${share(result.requestsPerSecond, bare.requestsPerSecond)} of bare`;
    rows.push(
      { name: 'Latchkey GET /ok (routing only)', ...latchkey.ok, note: ofBare(latchkey.ok) },
      { name: 'Latchkey get-session, cookie cache', ...latchkey.cached, note: ofBare(latchkey.cached) },
      { name: 'Latchkey get-session, disableCookieCache=true', ...latchkey.database, note: ofBare(latchkey.database) },
      {
        name: `Latchkey sign-in (${SIGN_IN_CONNECTIONS} connections)`,
        ...latchkey.signIn,
        note: `${share(latchkey.signIn.requestsPerSecond, argon2)} of Argon2's own ${argon2} verifies/s`,
      },
      {
        name: 'Latchkey get-session (no cache) while sign-ins run',
        ...latchkey.mixed,
        note:
          `${share(latchkey.mixed.requestsPerSecond, latchkey.database.requestsPerSecond)} of its rate alone; ` +
          `p99 ${latchkey.mixed.latencyP99} ms vs ${latchkey.database.latencyP99} ms alone; ` +
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
        `${rps(latchkey.cached)} (${ofBare(latchkey.cached)}); database path ${rps(latchkey.database)} (${ofBare(latchkey.database)}) |`,
    );
    console.log(
      `| POST sign-in/email, ${SIGN_IN_CONNECTIONS} connections (req/s, p50/p99 ms) | Argon2 alone ${argon2} verifies/s | ` +
        `${rps(baSignIn!)} (${baSignIn!.latencyP50}/${baSignIn!.latencyP99}) | ${rps(bacSignIn!)} | ` +
        `${rps(latchkey.signIn)} (${latchkey.signIn.latencyP50}/${latchkey.signIn.latencyP99}) |`,
    );
    console.log(
      `| GET /ok, 50 connections (req/s) | ${rps(bare)} | ${rps(baOk!)} | — | ${rps(latchkey.ok)} (${ofBare(latchkey.ok)}) |`,
    );
    console.log(
      `| RSS (MB) | — | ${baSignIn!.rssMb ?? '—'} after | ${bacSignIn!.rssMb ?? '—'} after | ` +
        `${latchkey.idleRssMb} idle, ${latchkey.rssMb} after, ${latchkey.settledRssMb} settled |\n`,
    );
    printRows(rows);

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
