/**
 * @module better-auth's own `passkeyClient()` for the passkey client test. `@better-auth/passkey`
 * 1.7.6 pins its peers exactly (better-auth 1.7.6's @better-auth/utils, better-call and
 * @better-fetch/fetch), which the root's better-auth 1.7.25 cannot share, so it lives in a package
 * of its own, packages/server/test/better-auth-passkey, with its own lockfile: installed with
 * `npm ci` on first use (and again when its pins move), never by the product's `npm install`, as
 * the bench's better-auth peer is. Its modules are loaded by path, so the typecheck and the lint
 * of a clean clone never need them; the few calls the test makes are typed here.
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const PACKAGE_DIR = fileURLToPath(new URL('../better-auth-passkey/', import.meta.url));
const PINNED = ['better-auth', '@better-auth/passkey'] as const;

/** How better-auth's client answers every call: data, or an error with its status and code. */
export interface ClientResult<T = unknown> {
  data: T | null;
  error: { status: number; statusText?: string; code?: string; message?: string } | null;
}

export interface ClientPasskey {
  id: string;
  name?: string | null;
  userId: string;
  credentialID: string;
  counter: number;
}

/** The part of `createAuthClient({ plugins: [passkeyClient()] })` the test calls. */
export interface PasskeyAuthClient {
  signUp: { email(body: { email: string; password: string; name: string }): Promise<ClientResult> };
  signIn: { passkey(options?: { autoFill?: boolean }): Promise<ClientResult<{ user?: { id: string } }>> };
  passkey: {
    addPasskey(options?: { name?: string }): Promise<ClientResult<ClientPasskey>>;
    listUserPasskeys(): Promise<ClientResult<ClientPasskey[]>>;
    updatePasskey(body: { id: string; name: string }): Promise<ClientResult<{ passkey: ClientPasskey }>>;
    deletePasskey(body: { id: string }): Promise<ClientResult<{ status: boolean }>>;
  };
  getSession(): Promise<ClientResult<{ user: { id: string; email: string } }>>;
  signOut(): Promise<ClientResult>;
}

type CustomFetch = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

function versionOf(manifest: string): string | undefined {
  if (!existsSync(manifest)) return undefined;
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version?: string }).version;
}

/** Runs `npm ci` in the package unless its pinned better-auth and passkey plugin are there already. */
export async function ensureBetterAuthPasskeyInstalled(): Promise<void> {
  const { dependencies = {} } = JSON.parse(readFileSync(join(PACKAGE_DIR, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  const installed = PINNED.every(
    (name) => versionOf(join(PACKAGE_DIR, 'node_modules', name, 'package.json')) === dependencies[name],
  );
  if (installed) return;
  console.error('Installing @better-auth/passkey for its client test (first use: npm ci in test/better-auth-passkey)…');
  // npm's own output is shown only when it fails (the rejection carries it).
  await promisify(execFile)('npm', ['ci', '--no-audit', '--no-fund'], { cwd: PACKAGE_DIR, timeout: 240_000 });
}

/** better-auth 1.7.6's `createAuthClient` with `passkeyClient()`, its requests sent through `customFetchImpl`. */
export async function createPasskeyAuthClient(
  baseURL: string,
  customFetchImpl: CustomFetch,
): Promise<PasskeyAuthClient> {
  await ensureBetterAuthPasskeyInstalled();
  const resolve = createRequire(join(PACKAGE_DIR, 'package.json')).resolve;
  const load = (specifier: string) => import(pathToFileURL(resolve(specifier)).href);
  const { createAuthClient } = (await load('better-auth/client')) as {
    createAuthClient(options: object): PasskeyAuthClient;
  };
  const { passkeyClient } = (await load('@better-auth/passkey/client')) as { passkeyClient(): object };
  return createAuthClient({ baseURL, fetchOptions: { customFetchImpl }, plugins: [passkeyClient()] });
}
