/**
 * @module `npm run scale-demo`: the scale-out topology on one machine, in the foreground, for a
 * person to try: three Latchkey instances (ports 3001–3003) sharing one PostgreSQL database, one
 * Redis and one secret, behind a round-robin proxy on http://localhost:3000. Ctrl-C stops them all
 * gracefully. Sign in at :3000, then watch the instances' log lines take turns.
 *
 * DATABASE_URL (default postgres://postgres@127.0.0.1:5432/latchkey_demo, created if missing) and
 * REDIS_URL (default redis://127.0.0.1:6379) say where; a mysql:// DATABASE_URL works the same.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startRoundRobinProxy } from './round-robin-proxy';

const BIN = fileURLToPath(new URL('../bin/latchkey.js', import.meta.url));
const PROXY_PORT = 3000;
const PORTS = [3001, 3002, 3003];
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/latchkey_demo';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** The demo's PostgreSQL database, made on first use; another dialect's must exist already. */
async function ensurePostgresDatabase(url: string): Promise<void> {
  if (!/^postgres(ql)?:/.test(url)) return;
  const target = new URL(url);
  const name = target.pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.href });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rowCount === 0) await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

function startInstance(port: number): ChildProcess {
  const child = spawn(process.execPath, [BIN], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      BASE_URL: `http://localhost:${PROXY_PORT}`,
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      TRUSTED_PROXIES: '127.0.0.1,::1',
      LATCHKEY_SECRET: process.env.LATCHKEY_SECRET ?? 'scale-demo-secret-scale-demo-secret-0123',
    },
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n').filter(Boolean)) process.stdout.write(`[${port}] ${line}\n`);
  });
  return child;
}

async function main(): Promise<void> {
  await ensurePostgresDatabase(databaseUrl);
  // One first, so that it runs the migrations alone; the others find them done.
  const first = startInstance(PORTS[0]!);
  await waitUntilAnswering(PORTS[0]!);
  const instances = [first, ...PORTS.slice(1).map(startInstance)];
  await Promise.all(PORTS.slice(1).map(waitUntilAnswering));
  const proxy = await startRoundRobinProxy(PORTS, PROXY_PORT);
  process.stdout.write(
    `\nLatchkey scale-out demo: http://localhost:${PROXY_PORT} → instances on ${PORTS.join(', ')}\n` +
      `database ${databaseUrl.replace(/\/\/[^@]*@/, '//…@')}, redis ${redisUrl}. Ctrl-C stops everything.\n\n`,
  );
  const stop = async () => {
    await proxy.close();
    for (const child of instances) child.kill('SIGTERM');
    await Promise.all(instances.map((child) => new Promise((resolve) => child.once('exit', resolve))));
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

async function waitUntilAnswering(port: number): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/auth/ok`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the instance on port ${port} did not start`);
}

main().catch((error: unknown) => {
  process.stderr.write(`scale-demo: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
