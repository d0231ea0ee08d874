/**
 * @module One row of any bench table, the Markdown it prints as, and the rule every bench exits by:
 * a failed request, or a case that got no answer within its run, makes the numbers untrustworthy.
 */
export interface BenchRow {
  name: string;
  /** Absent for cases measured by latency alone. */
  requestsPerSecond?: number;
  latencyP50: number;
  latencyP99: number;
  failures: number;
  /** The server's CPU µs per request (support/cpu.ts), and as a multiple of bare node's in the same round. */
  cpuMicros?: number;
  cpuRatio?: string;
  note?: string;
}

export function printRows(rows: readonly BenchRow[]): void {
  // The CPU columns only where some row has them (data growth and pruning measure latency).
  const cpu = rows.some((row) => row.cpuMicros !== undefined);
  console.log(`| case | req/s | p50 ms | p99 ms |${cpu ? ' CPU µs/req | CPU × bare |' : ''} failures | note |`);
  console.log(`|---|---:|---:|---:|${cpu ? '---:|---:|' : ''}---:|---|`);
  for (const row of rows) {
    const cpuCells = cpu ? ` ${row.cpuMicros ?? ''} | ${row.cpuRatio ?? ''} |` : '';
    console.log(
      `| ${row.name} | ${row.requestsPerSecond ?? ''} | ${row.latencyP50} | ${row.latencyP99} |${cpuCells} ${row.failures} | ${row.note ?? ''} |`,
    );
  }
}

/** Sets exit code 1, saying why, when a row cannot be trusted. */
export function failOnUntrustedRows(rows: readonly BenchRow[]): void {
  if (rows.some((row) => row.failures > 0)) {
    console.error('\nSome requests failed: the numbers above are not trustworthy.');
    process.exitCode = 1;
  }
  // A case slower than the run (sign-in under a short BENCH_DURATION) answers nothing and fails nothing.
  if (rows.some((row) => row.requestsPerSecond === 0)) {
    console.error('\nA case got no answer within its run: raise BENCH_DURATION.');
    process.exitCode = 1;
  }
}
