/**
 * @module The standalone server as `npm start` runs it, for the browser: the web app built, a
 * fresh SQLite file, the development outbox for mail, and a listed admin
 * address. BASE_URL is the address the browser uses, so its Origin is trusted.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// The web app's build step and the server's process harness are shared with their own tests.
import { buildWeb } from '../../apps/web/scripts/ensure-build.mjs';
import {
  freePort,
  spawnStandalone,
  stopStandalone,
  type StandaloneProcess,
} from '../../apps/server/test/support/standalone-process';

export const ADMIN_EMAIL = 'admin@example.com';

export interface AppServer {
  url: string;
  process: StandaloneProcess;
  /** The mails of the development outbox, newest first. */
  outbox(): Promise<{ to: string; subject: string; links: string[] }[]>;
  stop(): Promise<void>;
}

/** Further variables, or a function of the server's URL for those that name it (a provider's redirect URI). */
export type AppServerEnv = Record<string, string> | ((url: string) => Promise<Record<string, string>>);

export interface AppServerOptions {
  /**
   * The app built as released, its brotli copies at the best setting (some ten seconds of CPU more)
   * instead of the quick test build's, a tenth larger: for a test that holds what ships to a size.
   */
  releaseBuild?: boolean;
}

export async function startAppServer(env: AppServerEnv = {}, options: AppServerOptions = {}): Promise<AppServer> {
  const dir = mkdtempSync(join(tmpdir(), 'latchkey-e2e-'));
  // Its own build (a few seconds): test files running in parallel never share a dist folder.
  await buildWeb(join(dir, 'web'), { mode: options.releaseBuild ? 'production' : 'test' });
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const extra = typeof env === 'function' ? await env(url) : env;
  const process = spawnStandalone(
    dir,
    { BASE_URL: url, WEB_DIR: join(dir, 'web'), LATCHKEY_ADMIN_EMAILS: ADMIN_EMAIL, LOG_LEVEL: 'warn', ...extra },
    port,
  );
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (process.child.exitCode !== null) throw new Error(`the server exited:\n${process.stderr()}${process.stdout()}`);
    try {
      if ((await fetch(`${url}/api/auth/ok`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`the server did not answer:\n${process.stderr()}${process.stdout()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    process,
    async outbox() {
      const body = (await (await fetch(`${url}/api/dev/outbox`)).json()) as {
        mails: { to: string; subject: string; links: string[] }[];
      };
      return body.mails;
    },
    async stop() {
      await stopStandalone(process);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
