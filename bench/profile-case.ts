/**
 * @module Where a case's time goes: `tsx bench/profile-case.ts <development|production> <case>`
 * starts the server of that configuration under `--cpu-prof`, loads one case for
 * BENCH_DURATION seconds (default 10) after a warm-up, stops the server so it writes its profile,
 * and prints the event loop's top functions by self time. Cases: ok, cached, database, passkey.
 * The profile stays in BENCH_PROFILE_DIR (default a new directory under the system's temp) for
 * Chrome DevTools.
 */
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error: plain JavaScript of the command, without declarations.
import { serverBuild } from '../apps/server/bin/server-build.js';
import { freshCookieCache, signedInBrowser } from './latchkey-cases';
import { checkPasskeySignIn, passkeyLoad, registerPasskey } from './passkey-case';
import { makeConfiguration, type ConfigurationName } from './support/configurations';
import { measureCpu } from './support/cpu';
import type { LoadOptions } from './support/load';
import { LATCHKEY_COMMAND, startServerProcess } from './support/server-process';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

/** The top functions by self time of a .cpuprofile, as `share name (file:line)` lines. */
export function topSelfTime(file: string, count = 15): string[] {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as { nodes: ProfileNode[] };
  const self = new Map<string, number>();
  let total = 0;
  for (const { callFrame, hitCount = 0 } of profile.nodes) {
    const where = callFrame.url ? ` (${callFrame.url.split('/').slice(-2).join('/')}:${callFrame.lineNumber + 1})` : '';
    const name = `${callFrame.functionName || '(anonymous)'}${where}`;
    self.set(name, (self.get(name) ?? 0) + hitCount);
    total += hitCount;
  }
  const idle = self.get('(idle)') ?? 0;
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, hits]) => `${((hits / total) * 100).toFixed(1)} % ${name}`)
    .concat(`(${((idle / total) * 100).toFixed(0)} % of the samples idle)`);
}

async function main(): Promise<void> {
  const [name = 'development', which = 'cached'] = process.argv.slice(2);
  const duration = Number(process.env.BENCH_DURATION ?? 10);
  const dataDir = mkdtempSync(join(tmpdir(), 'latchkey-profile-'));
  const profileDir = process.env.BENCH_PROFILE_DIR ?? mkdtempSync(join(tmpdir(), 'latchkey-cpuprofile-'));
  await (serverBuild as (name: string) => Promise<string>)('main');
  const configuration = await makeConfiguration(name as ConfigurationName, dataDir);
  const env = {
    ...configuration.env,
    LATCHKEY_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
  };
  const server = await startServerProcess(LATCHKEY_COMMAND, '/api/auth/ok', env, dataDir, [
    '--cpu-prof',
    `--cpu-prof-dir=${profileDir}`,
  ]);
  try {
    const base = server.url;
    const { forwardedFor } = configuration;
    const browser = await signedInBrowser(base, forwardedFor);
    const loads: Record<string, () => Promise<Omit<LoadOptions, 'duration'>>> = {
      ok: async () => ({ url: `${base}/api/auth/ok` }),
      cached: async () => ({
        url: `${base}/api/auth/get-session`,
        headers: { cookie: await freshCookieCache(base, browser) },
      }),
      database: async () => ({
        url: `${base}/api/auth/get-session?disableCookieCache=true`,
        headers: { cookie: await freshCookieCache(base, browser) },
      }),
      passkey: async () => {
        const authenticator = await registerPasskey(base, browser);
        await checkPasskeySignIn(base, authenticator);
        return passkeyLoad(base, authenticator);
      },
    };
    const load = loads[which];
    if (!load) throw new Error(`no case ${which}: ${Object.keys(loads).join(', ')}`);
    const result = await measureCpu(server, { ...(await load()), forwardedFor }, duration);
    console.log(
      `${name} ${which}: ${result.requestsPerSecond} req/s, ${result.cpuMicrosPerRequest} µs CPU/request, ${result.failures} failures`,
    );
  } finally {
    await server.stop();
    await configuration.dispose();
  }
  // The event loop's profile is the largest; the hashing threads write their own.
  const largest = readdirSync(profileDir)
    .filter((file) => file.endsWith('.cpuprofile'))
    .map((file) => join(profileDir, file))
    .sort((a, b) => statSync(b).size - statSync(a).size)[0];
  if (!largest) throw new Error(`no profile in ${profileDir}`);
  console.log(`${largest}\n${topSelfTime(largest).join('\n')}`);
}

await main();
