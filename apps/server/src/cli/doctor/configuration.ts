/**
 * @module The doctor's configuration checks, read as the server reads it (`loadConfig`): the
 * variables load, the secret is there and long enough, the base URL's scheme gives the cookies
 * the server needs, and the trusted origins are what the operator meant. A refused configuration
 * is a ✗ line per problem, not a crash; the doctor then reads it again without the refused
 * variables, so one run still checks the database and the services the rest names.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SOCIAL_PROVIDER_IDS, isLoopbackURL } from '@latchkey/server';
import { ConfigError, loadConfig, type Env, type ServerConfig } from '../../config';
import { MIN_SECRET_LENGTH } from '../../secret';
import { fail, ok, warn, type CheckResult } from './check';

export interface ConfigurationReport {
  /** Undefined when the configuration does not load even without the refused variables. */
  readonly config: ServerConfig | undefined;
  /** Variables whose values were refused: what depends on them is not checked further. */
  readonly refused: ReadonlySet<string>;
  readonly results: readonly CheckResult[];
}

const SECRET_FIX = `set LATCHKEY_SECRET to at least ${MIN_SECRET_LENGTH} random characters, e.g. the output of \`openssl rand -base64 48\``;

/** A provider's variables go together: one refused makes its whole group unread. */
const PROVIDER_PREFIXES = [...SOCIAL_PROVIDER_IDS.map((id) => `${id.toUpperCase()}_`), 'OIDC_'];

export function checkConfiguration(env: Env, cwd: string): ConfigurationReport {
  const first = tryLoad(env, cwd);
  if (!(first instanceof ConfigError)) {
    return {
      config: first,
      refused: new Set(),
      results: [ok('configuration', 'the environment variables are valid'), ...checkLoaded(first, env)],
    };
  }
  const refused = refusedVariables(first.problems, env);
  const results = first.problems.map((problem) => fail('configuration', problem, fixOf(problem)));
  const second = tryLoad(withoutVariables(env, refused), cwd);
  if (second instanceof ConfigError) return { config: undefined, refused, results };
  return { config: second, refused, results: [...results, ...checkLoaded(second, env, refused)] };
}

function tryLoad(env: Env, cwd: string): ServerConfig | ConfigError {
  try {
    return loadConfig(env, cwd);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
}

/** Each problem starts with the variable it is about (config.ts, social-providers-config.ts). */
function refusedVariables(problems: readonly string[], env: Env): Set<string> {
  const refused = new Set<string>();
  for (const problem of problems) {
    const name = /^[A-Z][A-Z0-9_]*/.exec(problem)?.[0];
    if (!name) continue;
    refused.add(name);
    const prefix = PROVIDER_PREFIXES.find((p) => name.startsWith(p));
    if (prefix) for (const key of Object.keys(env)) if (key.startsWith(prefix)) refused.add(key);
  }
  return refused;
}

function withoutVariables(env: Env, names: ReadonlySet<string>): Env {
  return Object.fromEntries(Object.entries(env).filter(([key]) => !names.has(key)));
}

function fixOf(problem: string): string {
  const name = /^[A-Z][A-Z0-9_]*/.exec(problem)?.[0];
  if (name === 'LATCHKEY_SECRET') return SECRET_FIX;
  if (name && / is required to enable /.test(problem)) return `set ${name}, or unset the provider's other variables`;
  return name ? `correct ${name} (README, Configuration)` : 'correct the configuration (README, Configuration)';
}

function checkLoaded(config: ServerConfig, env: Env, refused: ReadonlySet<string> = new Set()): CheckResult[] {
  return [
    ...(refused.has('LATCHKEY_SECRET') ? [] : [checkSecret(config)]),
    ...(refused.has('BASE_URL') ? [] : checkBaseURL(config)),
    ...(refused.has('TRUSTED_ORIGINS') ? [] : checkTrustedOrigins(config, env)),
  ];
}

/** As `resolveSecret` (secret.ts) will decide at start, without generating anything. */
export function checkSecret(config: Pick<ServerConfig, 'secret' | 'production' | 'dataDir'>): CheckResult {
  if (config.secret !== undefined)
    return ok('secret', `LATCHKEY_SECRET is set (${MIN_SECRET_LENGTH} characters or more)`);
  if (config.production)
    return fail('secret', 'LATCHKEY_SECRET is not set, and NODE_ENV=production requires it', SECRET_FIX);
  const file = join(config.dataDir, 'secret');
  let stored: string;
  try {
    stored = readFileSync(file, 'utf8').trim();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') {
      return ok('secret', `LATCHKEY_SECRET is not set: development generates one into ${file} at the first start`);
    }
    return fail(
      'secret',
      `${file} cannot be read (${code ?? String(error)})`,
      `let the server's user read it, or ${SECRET_FIX}`,
    );
  }
  if (stored.length < MIN_SECRET_LENGTH) {
    return fail(
      'secret',
      `${file} holds a secret shorter than ${MIN_SECRET_LENGTH} characters`,
      `delete it (a new one is generated at the next start), or ${SECRET_FIX}`,
    );
  }
  return ok('secret', `LATCHKEY_SECRET is not set: development uses the generated secret in ${file}`);
}

/** https gives Secure cookies (main.ts, the engine's default); http is tolerable on this machine only. */
export function checkBaseURL(config: Pick<ServerConfig, 'baseURL' | 'production'>): CheckResult[] {
  const url = new URL(config.baseURL);
  if (url.protocol === 'https:') {
    return [
      ok(
        'base URL',
        `${config.baseURL} is https: cookies are Secure, with the __Secure- prefix, and every answer carries Strict-Transport-Security`,
      ),
    ];
  }
  const httpsFix = 'serve Latchkey over https (a reverse proxy that terminates TLS) and set BASE_URL=https://…';
  if (!isLoopbackURL(url)) {
    const finding = `${config.baseURL} is http: cookies are not Secure, so session cookies cross the network readable`;
    return [config.production ? fail('base URL', finding, httpsFix) : warn('base URL', finding, httpsFix)];
  }
  const local = ok(
    'base URL',
    `${config.baseURL} is http on this machine: cookies are not Secure, which browsers accept on localhost only`,
  );
  // The default BASE_URL in production means mailed links and provider callbacks lead nowhere.
  if (!config.production) return [local];
  return [
    warn(
      'base URL',
      `${config.baseURL} in production: mailed links and sign-in callbacks point at the server's own machine`,
      'set BASE_URL to the https URL users reach Latchkey at',
    ),
  ];
}

/** loadConfig has refused what is not an http(s) URL; here, what it silently kept less of. */
export function checkTrustedOrigins(
  config: Pick<ServerConfig, 'trustedOrigins' | 'baseURL' | 'production'>,
  env: Env,
): CheckResult[] {
  const entries = (env.TRUSTED_ORIGINS ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) {
    return [ok('trusted origins', `only BASE_URL's origin (${new URL(config.baseURL).origin})`)];
  }
  const results: CheckResult[] = [];
  for (const entry of entries) {
    const url = new URL(entry);
    if (url.pathname !== '/' || url.search !== '' || url.hash !== '') {
      results.push(
        warn(
          'trusted origins',
          `"${entry}" has a path or query, which is ignored: ${url.origin} is trusted`,
          `write it as ${url.origin}`,
        ),
      );
    }
    if (url.protocol === 'http:' && !isLoopbackURL(url) && config.production) {
      results.push(
        warn(
          'trusted origins',
          `${url.origin} is http: a page from it can be altered on the way and then call Latchkey with the user's cookies`,
          `trust its https origin instead`,
        ),
      );
    }
  }
  if (results.length > 0) return results;
  return [ok('trusted origins', `${config.trustedOrigins.join(', ')} and BASE_URL's origin`)];
}
