/**
 * @module Runs the standalone server as a real child process (as `npm start` would, through tsx)
 * on a free port, waits until it answers, and collects its output for assertions.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { freePort } from '../../../../test/free-port';

export { freePort };

const MAIN = fileURLToPath(new URL('../../src/main.ts', import.meta.url));
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/** Variables that would leak from the test runner (vitest sets NODE_ENV=test, npm sets INIT_CWD). */
const INHERITED_CONFIG = [
  'NODE_ENV',
  'INIT_CWD',
  'PORT',
  'HOST',
  'BASE_URL',
  'DATABASE_URL',
  'LATCHKEY_SECRET',
  'TRUSTED_ORIGINS',
  'TRUSTED_PROXIES',
  'RATE_LIMIT',
  'LOG_LEVEL',
  'METRICS_TOKEN',
  'METRICS_PORT',
  'REDIS_URL',
  'SMTP_URL',
  'MAIL_FROM',
  'REQUIRE_EMAIL_VERIFICATION',
  'SEND_VERIFICATION_ON_SIGN_UP',
  'AUTO_SIGN_IN_AFTER_VERIFICATION',
  'DELETE_ACCOUNT_VERIFICATION',
  'LATCHKEY_ADMIN_EMAILS',
  'WEB_DIR',
  'OAUTH_PROVIDER',
  'OAUTH_SCOPES',
  'OAUTH_RESOURCES',
  'OAUTH_DYNAMIC_REGISTRATION',
];

export interface StandaloneProcess {
  readonly child: ChildProcess;
  readonly port: number;
  readonly url: string;
  stdout(): string;
  stderr(): string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
}

/** The environment of a child process, without the configuration the test runner would leak into it. */
export function cleanEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const name of INHERITED_CONFIG) delete childEnv[name];
  return { ...childEnv, ...env };
}

export function spawnStandalone(cwd: string, env: Record<string, string>, port: number): StandaloneProcess {
  const child = spawn(process.execPath, ['--import', TSX_LOADER, MAIN], {
    cwd,
    env: cleanEnv({ PORT: String(port), ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, port, url: `http://127.0.0.1:${port}`, stdout: () => out, stderr: () => err, exited };
}

/** Polls GET /api/auth/ok until it answers 200; fails fast if the process dies first. */
export async function startStandalone(
  cwd: string,
  env: Record<string, string> = {},
  timeoutMs = 20_000,
): Promise<StandaloneProcess> {
  const server = spawnStandalone(cwd, env, await freePort());
  let exitCode: number | null | undefined;
  void server.exited.then((code) => (exitCode = code));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exitCode !== undefined)
      throw new Error(`server exited with ${exitCode} before answering:\n${server.stderr()}${server.stdout()}`);
    try {
      const response = await fetch(`${server.url}/api/auth/ok`, { signal: AbortSignal.timeout(1000) });
      if (response.status === 200) return server;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  server.child.kill('SIGKILL');
  throw new Error(`server did not answer within ${timeoutMs} ms:\n${server.stderr()}${server.stdout()}`);
}

/** Ends the child if a test left it running; a no-op once it has exited. */
export async function stopStandalone(server: StandaloneProcess | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGKILL');
  await server.exited;
}
