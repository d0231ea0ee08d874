/**
 * @module Latchkey's cases alone (bench/latchkey-cases.ts), for an A/B of a change to the hot path
 * without the peer, data-growth and pruning parts of `npm run bench`: `tsx bench/latchkey-run.ts`,
 * in the configurations BENCH_CONFIGURATIONS names (default `development,production`), beside bare
 * node:http in the same rounds. Prints the tables and the targets; exits 1 as the bench does.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { rawVerifyRate } from './argon2-raw';
import { benchLatchkey, ROUNDS, SIGN_IN_CONNECTIONS, type LatchkeyResults } from './latchkey-cases';
import { latchkeyRows, printTargets } from './latchkey-report';
import { CONFIGURATIONS, makeConfiguration, type ConfigurationName } from './support/configurations';
import { measureCpu } from './support/cpu';
import { failOnUntrustedRows, printRows, type BenchRow } from './support/rows';
import { startServerProcess } from './support/server-process';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const BARE_SERVER = fileURLToPath(new URL('./bare-server.ts', import.meta.url));

/** Latchkey in each configuration, one after the other, beside one bare server. */
export async function benchLatchkeyConfigurations(
  names: readonly ConfigurationName[],
  dataDir: string,
  duration: number,
): Promise<LatchkeyResults[]> {
  const bareServer = await startServerProcess(BARE_SERVER, '/', {}, dataDir);
  const results: LatchkeyResults[] = [];
  try {
    for (const name of names) {
      const configuration = await makeConfiguration(name, dataDir);
      try {
        results.push(
          await benchLatchkey(configuration, dataDir, duration, {
            bare: () => measureCpu(bareServer, { url: `${bareServer.url}/` }, duration),
            argon2: () => rawVerifyRate(duration, SIGN_IN_CONNECTIONS),
          }),
        );
      } finally {
        await configuration.dispose();
      }
    }
  } finally {
    await bareServer.stop();
  }
  return results;
}

/** The tables of each configuration's results, and their rows for the failure rule. */
export function printLatchkeyResults(results: readonly LatchkeyResults[]): BenchRow[] {
  const rows: BenchRow[] = [];
  for (const result of results) {
    const latchkey = latchkeyRows(result);
    console.log(
      `\nLatchkey, ${result.configuration} configuration (start to first answer ${result.startMs} ms; RSS ` +
        `${result.idleRssMb} MB idle, ${result.rssMb} after the cases, ${result.auditRssMb} after the audit log's, ` +
        `${result.settledRssMb} once the hashing threads ended):\n`,
    );
    printRows(latchkey);
    rows.push(...latchkey);
  }
  console.log('\nTargets (issue #33), CPU per request against bare node:http in the same round:\n');
  printTargets(results);
  return rows;
}

async function main(): Promise<void> {
  const names = (process.env.BENCH_CONFIGURATIONS ?? CONFIGURATIONS.join(','))
    .split(',')
    .map((name) => name.trim()) as ConfigurationName[];
  for (const name of names) if (!CONFIGURATIONS.includes(name)) throw new Error(`unknown configuration ${name}`);
  const loadBefore = loadavg()[0] ?? 0;
  const dataDir = mkdtempSync(join(tmpdir(), 'latchkey-bench-'));
  try {
    const results = await benchLatchkeyConfigurations(names, dataDir, DURATION);
    console.log(
      `\nNode ${process.version} · load average ${loadBefore.toFixed(1)} before, ${(loadavg()[0] ?? 0).toFixed(1)} after · ` +
        `${DURATION} s per case, ${ROUNDS} rounds`,
    );
    failOnUntrustedRows(printLatchkeyResults(results));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
