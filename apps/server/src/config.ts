/**
 * @module The standalone server's configuration: environment variables read once at start,
 * validated with zod, and turned into plain values. `loadConfig` is pure (no I/O, no globals), so
 * every default and every refusal is unit-tested.
 */
import { isIP } from 'node:net';
import { isAbsolute, resolve } from 'node:path';
import {
  AUDIT_DEFAULTS,
  SECURITY_NOTICES,
  type SecurityNotice,
  DEFAULTS,
  OAUTH_PROVIDER_DEFAULTS,
  parseDatabaseUrl,
  type AdminRoleTable,
  type OAuthProviderOptions,
} from '@latchkey/server';
import { z } from 'zod';
import { adminRolesVariable } from './admin-roles';
import { MIN_SECRET_LENGTH } from './secret';
import { parseSocialProviders, type SocialProviderConfig } from './social-providers-config';
import { DEFAULT_WEB_DIR } from './web-app';

export type DatabaseDialect = 'sqlite' | 'postgres' | 'mysql';
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface ServerConfig {
  readonly port: number;
  /** HOST: the address to listen on; undefined: every interface (Node's `::`, IPv4 too). */
  readonly host: string | undefined;
  readonly baseURL: string;
  /** A URL the engine accepts: an absolute SQLite file path, `:memory:`, or a server URL. */
  readonly databaseUrl: string;
  readonly dialect: DatabaseDialect;
  readonly secret: string | undefined;
  /** Earlier secrets: provider tokens encrypted under them still decrypt after a rotation. */
  readonly previousSecrets: readonly string[];
  readonly trustedOrigins: readonly string[];
  readonly trustedProxies: readonly string[];
  readonly rateLimit: boolean;
  /** Shared counters for rate limits and sign-in throttling across instances; memory when unset. */
  readonly redisUrl: string | undefined;
  readonly logLevel: LogLevel;
  /** Mail over SMTP; unset: the development outbox (never in production, where no mail is sent). */
  readonly smtpUrl: string | undefined;
  readonly mailFrom: string;
  readonly requireEmailVerification: boolean;
  readonly sendVerificationOnSignUp: boolean;
  readonly autoSignInAfterVerification: boolean;
  /** delete-user mails a confirmation link, even when the password was given. */
  readonly deleteAccountVerification: boolean;
  readonly production: boolean;
  /** Where the generated development secret (and the default SQLite file) live. */
  readonly dataDir: string;
  /** Lower-cased; these users get the admin role at sign-up and at every start. */
  readonly adminEmails: readonly string[];
  /** Platform roles declared beside the built-in admin and user (ADMIN_ROLES). */
  readonly adminRoles: AdminRoleTable;
  /** A user in this many organizations cannot create another (ORGANIZATION_LIMIT); none when unset. */
  readonly organizationLimit: number | undefined;
  /** The most teams one organization may have (MAXIMUM_TEAMS); none when unset. */
  readonly maximumTeams: number | undefined;
  /** Seconds between passes of the job deleting expired rows (PRUNE_INTERVAL_SECONDS); 0: off. */
  readonly pruneIntervalSeconds: number;
  /** Days the audit log keeps an event (AUDIT_RETENTION_DAYS); older ones are pruned. */
  readonly auditRetentionDays: number;
  /** The security notices mailed to users (SECURITY_NOTICES: a list, `all` or `off`); all by default. */
  readonly securityNotices: readonly SecurityNotice[];
  /** The built web app served at `/`. */
  readonly webDir: string;
  /** Cookie names start with it: `better-auth` lets middleware written for better-auth find them. */
  readonly cookiePrefix: string;
  /** The enabled social sign-in providers (social-providers-config.ts), built in main.ts. */
  readonly socialProviders: readonly SocialProviderConfig[];
  /** METRICS_TOKEN: `/metrics` on the main port, for `Authorization: Bearer <token>` only. */
  readonly metricsToken: string | undefined;
  /** METRICS_PORT: `/metrics` on a listener of its own, bound to 127.0.0.1, without a token. */
  readonly metricsPort: number | undefined;
  /** OAUTH_PROVIDER: Latchkey as an OAuth 2.1 / OpenID Provider for other applications. */
  readonly oauthProvider: boolean;
  /** OAUTH_SCOPES: scopes clients may ask for beyond `openid profile email offline_access`. */
  readonly oauthScopes: readonly string[];
  /** OAUTH_RESOURCES: RFC 8707 resource URIs whose access tokens are JWTs with that audience. */
  readonly oauthResources: readonly string[];
  /** OAUTH_DYNAMIC_REGISTRATION: who may register a client at POST /oauth2/register. */
  readonly oauthDynamicRegistration: NonNullable<OAuthProviderOptions['dynamicRegistration']>;
  /** OAUTH_ORGANIZATION_CLIENTS: an organization's owners and admins manage clients it owns. */
  readonly oauthOrganizationClients: boolean;
  /** GEOIP_DATABASE: a MaxMind DB file (.mmdb), absolute; the session lists show places. Opened by main.ts. */
  readonly geoipDatabase: string | undefined;
}

/** A scrape token is a password a Prometheus config holds: long enough not to be guessed online. */
export const MIN_METRICS_TOKEN_LENGTH = 16;

export type Env = Readonly<Record<string, string | undefined>>;

/** Thrown with every problem found, one per line, so a bad deployment is fixed in one pass. */
export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Empty strings count as unset: `FOO=` in a .env file or compose file means "no value". */
const optional = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const list = optional.transform((v) =>
  v
    ? v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [],
);

const port = optional.pipe(
  z
    .string()
    .regex(/^\d+$/, 'must be a whole number between 1 and 65535')
    .transform(Number)
    .refine((n) => n >= 1 && n <= 65535, 'must be a whole number between 1 and 65535')
    .optional(),
);

/** A limit: a whole number from 1; unset means none. */
const limit = optional.pipe(
  z
    .string()
    .regex(/^[1-9]\d{0,8}$/, 'must be a whole number from 1 to 999999999')
    .transform(Number)
    .optional(),
);

/** One DNS label: letters, digits and inner dashes, at most 63 characters. */
const HOST_LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const HOST_NAME = new RegExp(`^(?=.{1,253}$)${HOST_LABEL}(?:\\.${HOST_LABEL})*$`);

/** What `server.listen` binds: an IP address of this machine's interfaces, or a name that resolves to one. */
const listenHost = optional.pipe(
  z
    .string()
    .refine(
      (v) => isIP(v) !== 0 || HOST_NAME.test(v),
      'must be an IP address (127.0.0.1, ::1, 0.0.0.0) or a host name (localhost), without brackets or a port',
    )
    .optional(),
);

const httpUrl = z.string().refine((v) => {
  try {
    const { protocol } = new URL(v);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}, 'must be an http:// or https:// URL');

const onOff = optional.pipe(z.enum(['on', 'off'], 'must be "on" or "off"').optional());

/** RFC 6749 §3.3: a scope token is printable ASCII without space, quote or backslash. */
const scopeToken = z
  .string()
  .regex(/^[\x21\x23-\x5b\x5d-\x7e]+$/, 'each entry must be a scope: printable ASCII without quotes or backslashes');

/** RFC 8707 §2: a resource indicator is an absolute URI without a fragment. */
const resourceUri = z
  .string()
  .refine((v) => URL.canParse(v), 'each entry must be an absolute URI')
  .refine((v) => !URL.canParse(v) || new URL(v).hash === '', 'each entry must be a URI without a fragment');

/**
 * `Name <address>` or a bare address. Line breaks are refused with everything else: the value
 * becomes a mail header.
 */
const mailbox = z
  .string()
  .regex(
    /^(?:[^<>\r\n]*<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/,
    'must be an address, or a name and an address as "Name <address>"',
  );

const schema = z.object({
  NODE_ENV: optional,
  PORT: port,
  HOST: listenHost,
  BASE_URL: optional.pipe(httpUrl.optional()),
  LATCHKEY_SECRET: optional.pipe(
    z.string().min(MIN_SECRET_LENGTH, `must be at least ${MIN_SECRET_LENGTH} characters`).optional(),
  ),
  LATCHKEY_PREVIOUS_SECRETS: list.pipe(
    z.array(z.string().min(MIN_SECRET_LENGTH, `each must be at least ${MIN_SECRET_LENGTH} characters`)),
  ),
  TRUSTED_ORIGINS: list.pipe(z.array(httpUrl)),
  TRUSTED_PROXIES: list.pipe(z.array(z.string().refine((v) => isIP(v) !== 0, 'each entry must be an IP address'))),
  RATE_LIMIT: onOff,
  REDIS_URL: optional.pipe(
    z
      .string()
      .refine((v) => /^rediss?:\/\//i.test(v) && URL.canParse(v), 'must be a redis:// or rediss:// URL')
      .optional(),
  ),
  SMTP_URL: optional.pipe(
    z
      .string()
      .refine((v) => /^smtps?:\/\/[^/?#]/i.test(v) && URL.canParse(v), 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  MAIL_FROM: optional.pipe(mailbox.optional()),
  REQUIRE_EMAIL_VERIFICATION: onOff,
  SEND_VERIFICATION_ON_SIGN_UP: onOff,
  AUTO_SIGN_IN_AFTER_VERIFICATION: onOff,
  DELETE_ACCOUNT_VERIFICATION: onOff,
  LATCHKEY_ADMIN_EMAILS: list.pipe(z.array(z.email('each entry must be an e-mail address'))),
  ADMIN_ROLES: optional.pipe(adminRolesVariable.optional()),
  ORGANIZATION_LIMIT: limit,
  MAXIMUM_TEAMS: limit,
  AUDIT_RETENTION_DAYS: limit,
  SECURITY_NOTICES: optional.pipe(
    z
      .string()
      .optional()
      .transform((v) =>
        v === undefined || v === 'all'
          ? [...SECURITY_NOTICES]
          : v === 'off'
            ? []
            : v
                .split(',')
                .map((s) => s.trim())
                .filter(Boolean),
      )
      .pipe(z.array(z.enum(SECURITY_NOTICES, `must be all, off or a list of ${SECURITY_NOTICES.join(', ')}`))),
  ),
  PRUNE_INTERVAL_SECONDS: optional.pipe(
    z
      .string()
      .regex(/^\d{1,9}$/, 'must be a whole number of seconds, 0 to turn pruning off')
      .transform(Number)
      .optional(),
  ),
  WEB_DIR: optional,
  COOKIE_PREFIX: optional.pipe(
    z
      .string()
      .regex(
        /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/,
        'must be 1 to 64 letters, digits, dots, dashes or underscores, starting with a letter or digit',
      )
      .optional(),
  ),
  METRICS_TOKEN: optional.pipe(
    z
      .string()
      .min(MIN_METRICS_TOKEN_LENGTH, `must be at least ${MIN_METRICS_TOKEN_LENGTH} characters`)
      .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces (it is sent in a header)')
      .optional(),
  ),
  METRICS_PORT: port,
  OAUTH_PROVIDER: onOff,
  OAUTH_SCOPES: list.pipe(z.array(scopeToken)),
  OAUTH_RESOURCES: list.pipe(z.array(resourceUri)),
  OAUTH_DYNAMIC_REGISTRATION: optional.pipe(
    z.enum(['off', 'authenticated', 'open'], 'must be "off", "authenticated" or "open"').optional(),
  ),
  OAUTH_ORGANIZATION_CLIENTS: onOff,
  GEOIP_DATABASE: optional.pipe(
    z
      .string()
      .refine((v) => /\.mmdb$/i.test(v), 'must be the path of a MaxMind DB file (.mmdb), e.g. GeoLite2-City.mmdb')
      .optional(),
  ),
  LOG_LEVEL: optional.pipe(
    z
      .enum(
        ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'],
        'must be one of fatal, error, warn, info, debug, trace, silent',
      )
      .optional(),
  ),
});

/**
 * @param env   usually `process.env`
 * @param cwd   relative paths (the SQLite file, the data folder) resolve against it; `npm start`
 *              runs in the workspace folder, so the caller passes the folder npm was started in.
 */
export function loadConfig(env: Env, cwd: string): ServerConfig {
  const parsed = schema.safeParse(env);
  const dataDir = resolve(cwd, 'data');
  const database = databaseFromEnv(env.DATABASE_URL?.trim() || undefined, cwd, dataDir);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => describeIssue(env, issue.path, issue.message));
  if (
    parsed.success &&
    parsed.data.METRICS_PORT !== undefined &&
    parsed.data.METRICS_PORT === (parsed.data.PORT ?? 3000)
  )
    problems.push(`METRICS_PORT=${JSON.stringify(env.METRICS_PORT)}: must differ from PORT, the public port`);
  // The URL may hold a password, so its problem is described without echoing it.
  if ('problem' in database) problems.push(`DATABASE_URL: ${database.problem}`);
  const social = parseSocialProviders(env);
  problems.push(...social.problems);
  if (!parsed.success || 'problem' in database || problems.length > 0) throw new ConfigError(problems);

  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const portNumber = e.PORT ?? 3000;

  return Object.freeze({
    port: portNumber,
    host: e.HOST,
    baseURL: (e.BASE_URL ?? `http://localhost:${portNumber}`).replace(/\/+$/, ''),
    databaseUrl: database.url,
    dialect: database.dialect,
    secret: e.LATCHKEY_SECRET,
    previousSecrets: Object.freeze(e.LATCHKEY_PREVIOUS_SECRETS),
    trustedOrigins: Object.freeze(e.TRUSTED_ORIGINS.map((o) => new URL(o).origin)),
    // The engine writes each the way Node reports socket peers.
    trustedProxies: Object.freeze(e.TRUSTED_PROXIES),
    rateLimit: e.RATE_LIMIT ? e.RATE_LIMIT === 'on' : production,
    redisUrl: e.REDIS_URL,
    logLevel: e.LOG_LEVEL ?? 'info',
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? DEFAULTS.mailFrom,
    requireEmailVerification: e.REQUIRE_EMAIL_VERIFICATION === 'on',
    sendVerificationOnSignUp: e.SEND_VERIFICATION_ON_SIGN_UP !== 'off',
    autoSignInAfterVerification: e.AUTO_SIGN_IN_AFTER_VERIFICATION !== 'off',
    deleteAccountVerification: e.DELETE_ACCOUNT_VERIFICATION !== 'off',
    production,
    dataDir,
    // Stored addresses are lower-cased at sign-up, so the list is too; duplicates are dropped.
    adminEmails: Object.freeze([...new Set(e.LATCHKEY_ADMIN_EMAILS.map((address) => address.toLowerCase()))]),
    adminRoles: e.ADMIN_ROLES ?? Object.freeze({}),
    organizationLimit: e.ORGANIZATION_LIMIT,
    maximumTeams: e.MAXIMUM_TEAMS,
    pruneIntervalSeconds: e.PRUNE_INTERVAL_SECONDS ?? DEFAULTS.pruneIntervalSeconds,
    auditRetentionDays: e.AUDIT_RETENTION_DAYS ?? AUDIT_DEFAULTS.retentionDays,
    securityNotices: Object.freeze([...new Set(e.SECURITY_NOTICES)]),
    webDir: e.WEB_DIR ? resolve(cwd, e.WEB_DIR) : DEFAULT_WEB_DIR,
    cookiePrefix: e.COOKIE_PREFIX ?? DEFAULTS.cookiePrefix,
    socialProviders: social.providers,
    metricsToken: e.METRICS_TOKEN,
    metricsPort: e.METRICS_PORT,
    oauthProvider: e.OAUTH_PROVIDER !== 'off',
    oauthScopes: Object.freeze([...new Set(e.OAUTH_SCOPES)]),
    oauthResources: Object.freeze([...new Set(e.OAUTH_RESOURCES)]),
    oauthDynamicRegistration: e.OAUTH_DYNAMIC_REGISTRATION ?? OAUTH_PROVIDER_DEFAULTS.dynamicRegistration,
    oauthOrganizationClients:
      e.OAUTH_ORGANIZATION_CLIENTS === undefined
        ? OAUTH_PROVIDER_DEFAULTS.organizationClients
        : e.OAUTH_ORGANIZATION_CLIENTS === 'on',
    geoipDatabase: e.GEOIP_DATABASE ? resolve(cwd, e.GEOIP_DATABASE) : undefined,
  });
}

/** `PORT="abc": must be …`; list entries are named by position; the secret's value is never echoed. */
function describeIssue(env: Env, path: readonly PropertyKey[], message: string): string {
  const key = String(path[0]);
  const index = path[1];
  // Neither a secret nor a Redis or SMTP URL (which may carry a password) is echoed; nor the
  // roles' JSON, whose problems each name the role they are in.
  if (
    key === 'LATCHKEY_SECRET' ||
    key === 'LATCHKEY_PREVIOUS_SECRETS' ||
    key === 'METRICS_TOKEN' ||
    key === 'REDIS_URL' ||
    key === 'SMTP_URL' ||
    key === 'ADMIN_ROLES'
  ) {
    return `${key}: ${message}`;
  }
  if (typeof index === 'number') {
    const entry = (env[key] ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)[index];
    return `${key} entry ${index + 1} (${JSON.stringify(entry)}): ${message}`;
  }
  return `${key}=${JSON.stringify(env[key])}: ${message}`;
}

type ParsedDatabase = { url: string; dialect: DatabaseDialect } | { problem: string };

/** The engine's reading of the URL, with a relative SQLite path resolved against `cwd`, and a default file. */
function databaseFromEnv(value: string | undefined, cwd: string, dataDir: string): ParsedDatabase {
  if (value === undefined) return { url: resolve(dataDir, 'latchkey.db'), dialect: 'sqlite' };
  const parsed = parseDatabaseUrl(value);
  if ('problem' in parsed || parsed.dialect !== 'sqlite' || parsed.url === ':memory:' || isAbsolute(parsed.url))
    return parsed;
  return { url: resolve(cwd, parsed.url), dialect: 'sqlite' };
}
