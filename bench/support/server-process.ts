/**
 * @module Starts a server under test in its own process (so the load generator does not share
 * its event loop), waits until it answers, and stops it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { freePort } from '../../apps/server/test/support/standalone-process';

const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/** USER_HZ: what /proc reports CPU time in; 100 on every Linux this bench runs on. */
const CLOCK_TICKS = 100;

/** Latchkey as `npm start` runs it: the `latchkey` command, which runs the server's bundle. */
export const LATCHKEY_COMMAND = fileURLToPath(new URL('../../apps/server/bin/latchkey.js', import.meta.url));

export interface ServerProcess {
  readonly url: string;
  /** From spawn to the first 200 on the ready path, in ms (polled every 10 ms). */
  readonly startMs: number;
  /** Resident memory of the server process now, in MB (Linux: VmRSS of /proc/<pid>/status). */
  rssMb(): number;
  /** CPU time the server process has used so far, user + system, in µs (Linux: /proc/<pid>/stat). */
  cpuMicros(): number;
  stop(): Promise<void>;
}

export async function startServerProcess(
  script: string,
  readyPath: string,
  env: Record<string, string>,
  cwd: string,
  /** Node's own flags before the script (`--cpu-prof`, which NODE_OPTIONS does not take). */
  nodeArgs: readonly string[] = [],
): Promise<ServerProcess> {
  const port = await freePort();
  const spawnedAt = performance.now();
  // TypeScript through tsx; a JavaScript entry as it is (the `latchkey` command registers tsx itself).
  const args = [...nodeArgs, ...(script.endsWith('.ts') ? ['--import', TSX_LOADER, script] : [script])];
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${script} did not answer ${readyPath} within 20 s`);
    }
    try {
      if ((await fetch(url + readyPath)).ok) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const startMs = Math.round(performance.now() - spawnedAt);
  return {
    url,
    startMs,
    rssMb: () => {
      const kilobytes = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1];
      if (kilobytes === undefined) throw new Error(`no VmRSS for ${script} (pid ${child.pid})`);
      return Math.round(Number(kilobytes) / 1024);
    },
    cpuMicros: () => {
      // Fields after the command's closing parenthesis (the name may hold spaces): utime is the
      // 12th, stime the 13th, in clock ticks (100 a second on Linux).
      const stat = readFileSync(`/proc/${child.pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return (Number(fields[11]) + Number(fields[12])) * (1_000_000 / CLOCK_TICKS);
    },
    stop: async () => {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
    },
  };
}
