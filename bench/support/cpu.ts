/**
 * @module A measured run with the server's CPU time per answer beside it: user + system time of the
 * server process (all its threads, /proc/<pid>/stat) over the run, divided by its answers. On this
 * shared machine req/s drifts by tens of percent within minutes, while CPU per request barely moves:
 * the load generator and other work take turns on the cores, but not the server's own work.
 */
import { runLoad, WARMUP_SECONDS, type LoadOptions, type LoadResult } from './load';
import type { ServerProcess } from './server-process';

export interface CpuLoadResult extends LoadResult {
  /** Server CPU µs per answer (per sequence, for a run of `steps`). */
  cpuMicrosPerRequest: number;
}

/** A warm-up, then `duration` seconds with the server's CPU time read on each side. */
export async function measureCpu(
  server: Pick<ServerProcess, 'cpuMicros'>,
  options: Omit<LoadOptions, 'duration'>,
  duration: number,
): Promise<CpuLoadResult> {
  await runLoad({ ...options, duration: WARMUP_SECONDS });
  const before = server.cpuMicros();
  const result = await runLoad({ ...options, duration });
  const used = server.cpuMicros() - before;
  return { ...result, cpuMicrosPerRequest: Math.round(used / Math.max(1, result.requests)) };
}

/** `2.4×`: a case's CPU per request against the yardstick's. */
export function cpuRatio(cpu: number, bareCpu: number): string {
  return `${(cpu / Math.max(1, bareCpu)).toFixed(1)}×`;
}
