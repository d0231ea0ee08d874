/**
 * @module Every option of the engine, with its default, in one place. `resolveOptions` runs once in
 * `createAuth`; the result is frozen and read on every request without further merging.
 * The core's constants of SPEC §9 live in `DEFAULTS`; a plugin's live in its own `options.ts`
 * (`TWO_FACTOR_DEFAULTS`, `ORGANIZATION_DEFAULTS`…).
 */
import { availableParallelism } from 'node:os';
import type { Kysely } from 'kysely';
import type { Database, Dialect } from '../db/schema';
import type { KeyValueStore } from '../storage/key-value-store';
import type { RevocationFeed } from '../session/revocations';
import { normalizeIp } from '../http/client-ip';
import type { Mailer } from '../mail/mailer';
import type { AuthObserver } from '../events/observer';
import type { OAuthProvider } from '../oauth/provider';
import type { PluginDeclarations } from '../plugin/declarations';
import type { IpLocator } from '../ip-location/ip-location';

const DAY = 24 * 60 * 60;

/** SPEC §9's rows of the core and the engine foundation issue; times in seconds unless the name says otherwise. */
export const DEFAULTS = Object.freeze({
  basePath: '/api/auth',
  cookiePrefix: 'latchkey',
  sessionExpiresIn: 7 * DAY,
  sessionUpdateAge: DAY,
  sessionFreshAge: DAY,
  /** better-auth gives a "don't remember me" session one day; it is never refreshed. */
  dontRememberSessionExpiresIn: DAY,
  cookieCacheMaxAge: 60,
  cookieCacheSizeLimit: 4093,
  /**
   * Cache cookies whose signature get-session has checked, kept with what they decode to
   * (session/verified-caches.ts): at most ~3 kB each, so a full memo holds ~3 MB.
   */
  verifiedCookieCaches: 1000,
  cookieMaxAgeCap: 400 * DAY,
  /** Cookie-signing secrets shorter than this are refused. */
  minSecretLength: 32,
  sessionTokenLength: 32,
  idLength: 32,
  minPasswordLength: 8,
  maxPasswordLength: 128,
  maxEmailLength: 254,
  maxNameLength: 256,
  maxImageLength: 2048,
  maxBodyBytes: 1024 * 1024,
  /**
   * How long a body past maxBodyBytes is read and discarded before the 413 is sent and the
   * connection closed (node-handler.ts): closing while the client still sends resets the connection.
   */
  oversizedBodyDrainMs: 1000,
  /**
   * Argon2 hashes computed at once, each on its own thread, one per core: more would not finish
   * sooner (each keeps a core busy) but would hold 19 MiB each. Beyond it, sign-ins queue in
   * arrival order, so their latency stays even (p99 near p50).
   */
  maxConcurrentPasswordHashes: Math.max(1, availableParallelism()),
  /** Linux nice value of the hashing threads: about a tenth of a core the event loop wants (argon2-threads.ts). */
  passwordHashNiceness: 10,
  /** A hashing thread with no hash this long ends, returning its memory; the next hash starts one (~30 ms). */
  passwordHashThreadIdleSeconds: 30,
  /** Sender of every mail unless configured. */
  mailFrom: 'Latchkey <no-reply@localhost>',
  /** How many mails the development outbox keeps. */
  outboxSize: 100,
  rateLimitWindow: 10,
  rateLimitMax: 100,
  strictRateLimitWindow: 10,
  strictRateLimitMax: 3,
  /** Routes that send mail: send-verification-email, forget-password. */
  mailRateLimitWindow: 60,
  mailRateLimitMax: 3,
  /** Consecutive failed sign-ins for one account before it is locked for a growing interval. */
  accountLockoutThreshold: 10,
  accountLockoutBaseSeconds: 1,
  accountLockoutMaxSeconds: 60 * 60,
  /** At most this many failures a day are ever evaluated for one account. */
  accountDailyFailureLimit: 100,
  /**
   * A browser holding a device cookie of the account is throttled on its own count instead: locked
   * after this many consecutive failures (growing as the account's lock does)…
   */
  deviceLockoutThreshold: 5,
  /** …and evaluated for no more than this many failures a day, so a stolen device cookie buys few guesses. */
  deviceDailyFailureLimit: 20,
  oauthStateLifetime: 10 * 60,
  /**
   * An id_token a client holds (POST /sign-in/social) signs in only while its `iat` is at most this
   * old: a token leaked from a log or a device later cannot start a session once the window is past…
   */
  idTokenMaxAge: 10 * 60,
  /**
   * …and not when its `iat` is further in the future than this (the 30 s oauth4webapi and
   * better-auth allow between clocks).
   */
  idTokenClockSkew: 30,
  codeVerifierLength: 128,
  oauthStateLength: 32,
  verificationTokenExpiresIn: 3600,
  resetPasswordTokenExpiresIn: 3600,
  resetPasswordTokenLength: 24,
  deleteAccountTokenLength: 32,
  deleteAccountTokenExpiresIn: DAY,
  /**
   * The lifetime of the device cookie that sign-in throttling trusts (SPEC §9: 2,592,000 s). The
   * two-factor plugin's trusted-device cookie lasts as long unless configured; the core's own use
   * keeps the constant here.
   */
  trustedDeviceCookieMaxAge: 30 * DAY,
  /** The background job that deletes expired rows (maintenance/prune-job.ts): a pass this often… */
  pruneIntervalSeconds: 5 * 60,
  /** …each delayed or advanced by up to this fraction, so instances started together spread out… */
  pruneJitter: 0.2,
  /** …the first this soon after start (or one interval, if shorter)… */
  pruneStartDelay: 10,
  /**
   * …deleting at most this many rows per statement, so no statement holds the database (or, on
   * SQLite, the event loop) for long: 1,000 expired sessions take SQLite about 120 ms here, 100 a
   * few ms…
   */
  pruneBatchSize: 100,
  /** …and pausing after each batch this many times as long as it took. */
  prunePauseRatio: 1,
  /**
   * Expired verification rows are kept this long, so a mailed link followed late still answers
   * `token_expired` (SPEC §8), not `invalid_token`. OAuth states, whose expiry answers as their
   * absence does, are pruned as soon as they expire.
   */
  verificationKeepAfterExpiry: 7 * DAY,
});

export interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/**
 * A URL, or a Kysely instance of one's own: its dates and booleans are made alike as the URL's are
 * (db/column-values-plugin.ts); a pg pool of one's own should parse int8 (counts) as numbers.
 */
export type DatabaseOption = { url: string } | { db: Kysely<Database>; dialect: Dialect };

export interface RateLimitRule {
  /** Seconds. */
  window: number;
  max: number;
}

/**
 * `P`, the plugins' types, is inferred by `createAuth`, which requires whole plugins; here they are
 * named by their declarations only, so the options need not import the plugin contract.
 */
export interface AuthOptions<P extends readonly PluginDeclarations[] = readonly PluginDeclarations[]> {
  /** Where the server is reached, e.g. `https://auth.example.com`; its origin is always trusted. */
  baseURL: string;
  basePath?: string;
  /** Signs cookies and encrypts provider tokens at rest; at least 32 characters. */
  secret: string;
  /**
   * Secrets `secret` replaced: provider tokens and OAuth states encrypted under them still
   * decrypt (and are written under `secret` when next stored). Cookies are signed with `secret` only.
   */
  previousSecrets?: readonly string[];
  database: DatabaseOption;
  /** Further origins allowed to call with cookies and to be redirected to. */
  trustedOrigins?: string[];
  /** Socket addresses of reverse proxies whose `X-Forwarded-For` is believed. */
  trustedProxies?: string[];
  emailAndPassword?: {
    enabled?: boolean;
    minPasswordLength?: number;
    maxPasswordLength?: number;
    /** Sign the user in right after sign-up. */
    autoSignIn?: boolean;
    /** Unverified users cannot sign in (403 `Email not verified`, and a verification mail goes out). */
    requireEmailVerification?: boolean;
    /** Seconds a reset-password token lives. */
    resetPasswordTokenExpiresIn?: number;
    /** A password reset ends every session of the user. */
    revokeSessionsOnPasswordReset?: boolean;
  };
  emailVerification?: {
    sendOnSignUp?: boolean;
    autoSignInAfterVerification?: boolean;
    /** Seconds a verification token lives. */
    expiresIn?: number;
  };
  user?: {
    changeEmail?: { enabled?: boolean };
    deleteUser?: {
      enabled?: boolean;
      /** Deletion waits for a link mailed to the user, even when the password was given. */
      sendDeleteAccountVerification?: boolean;
    };
  };
  account?: {
    /** Allow unlinking the last account (the user then cannot sign in). */
    allowUnlinkingAll?: boolean;
    /** How a provider identity joins an existing user (better-auth's names). */
    accountLinking?: {
      /** Off: no identity is linked, neither by e-mail at sign-in nor through link-social. Default on. */
      enabled?: boolean;
      /** Provider ids trusted for linking besides each provider's own `trustedForLinking`. */
      trustedProviders?: readonly string[];
      /** link-social may link an identity whose e-mail differs from the user's. Default off. */
      allowDifferentEmails?: boolean;
    };
  };
  /**
   * The external identity providers users may sign in with (SPEC §1), built by the provider
   * factories (`github({clientId, clientSecret})`, …). Ids must be unique.
   */
  socialProviders?: readonly OAuthProvider[];
  /** An id_token a client holds and signs in with (POST /sign-in/social `idToken`). */
  idToken?: {
    /** Seconds since the token's `iat` beyond which it no longer signs in; default 600. */
    maxAge?: number;
  };
  /** Sends the mails of verification, reset, change e-mail and delete account; none: those flows are off. */
  mailer?: Mailer;
  session?: {
    expiresIn?: number;
    updateAge?: number;
    /** 0 turns the freshness check off. */
    freshAge?: number;
    cookieCache?: { enabled?: boolean; maxAge?: number };
  };
  rateLimit?: {
    enabled?: boolean;
    window?: number;
    max?: number;
    /** Sign-in, sign-up, change-password, change-email and delete-user (password guesses). */
    strict?: RateLimitRule;
    /** Send-verification-email and forget-password. */
    mail?: RateLimitRule;
  };
  /**
   * Where rate-limit and sign-in throttle counters live: in process memory by default, or Redis
   * (`createRedisStore`) so that several instances share them.
   */
  storage?: KeyValueStore;
  /**
   * How instances tell each other of revoked sessions, so that none believes a cookie cache issued
   * before a revocation made on another (`createRedisRevocationFeed`; session/revocations.ts). One
   * instance needs none.
   */
  revocationFeed?: RevocationFeed;
  advanced?: {
    cookiePrefix?: string;
    /** Defaults to whether baseURL is https. */
    useSecureCookies?: boolean;
  };
  /** The background deletion of expired sessions, verification values, OAuth states and plugins' rows. */
  prune?: {
    /** Off: nothing is deleted in the background (prune by other means, or rows pile up). Default on. */
    enabled?: boolean;
    intervalSeconds?: number;
    /** Rows per delete statement. */
    batchSize?: number;
  };
  plugins?: P;
  logger?: Logger;
  /** Told of every security event and every answered request (audit log, metrics); events/observer.ts. */
  observers?: readonly AuthObserver[];
  /** The clock; tests inject one to move time without sleeping. */
  now?: () => Date;
  /**
   * Where an IP address is, for the session lists (`openGeoIpDatabase(path)` over a MaxMind DB
   * file); none: sessions have no location.
   */
  ipLocation?: IpLocator;
}

export interface ResolvedOptions {
  readonly baseURL: string;
  readonly baseOrigin: string;
  readonly basePath: string;
  readonly secret: string;
  readonly trustedOrigins: ReadonlySet<string>;
  readonly trustedProxies: ReadonlySet<string>;
  readonly emailAndPassword: {
    readonly enabled: boolean;
    readonly minPasswordLength: number;
    readonly maxPasswordLength: number;
    readonly autoSignIn: boolean;
    readonly requireEmailVerification: boolean;
    readonly resetPasswordTokenExpiresIn: number;
    readonly revokeSessionsOnPasswordReset: boolean;
  };
  readonly emailVerification: {
    readonly sendOnSignUp: boolean;
    readonly autoSignInAfterVerification: boolean;
    readonly expiresIn: number;
  };
  readonly changeEmailEnabled: boolean;
  readonly deleteUser: { readonly enabled: boolean; readonly sendDeleteAccountVerification: boolean };
  readonly allowUnlinkingAll: boolean;
  readonly accountLinking: {
    readonly enabled: boolean;
    readonly trustedProviders: ReadonlySet<string>;
    readonly allowDifferentEmails: boolean;
  };
  /** By id; only configured providers are here. */
  readonly socialProviders: ReadonlyMap<string, OAuthProvider>;
  readonly idToken: { readonly maxAge: number };
  /** `secret` first: the token cipher encrypts with it and decrypts with any. */
  readonly encryptionSecrets: readonly string[];
  readonly session: {
    readonly expiresIn: number;
    readonly updateAge: number;
    readonly freshAge: number;
    readonly cookieCache: { readonly enabled: boolean; readonly maxAge: number };
  };
  readonly rateLimit: {
    readonly enabled: boolean;
    readonly default: RateLimitRule;
    readonly strict: RateLimitRule;
    readonly mail: RateLimitRule;
  };
  readonly prune: { readonly enabled: boolean; readonly intervalSeconds: number; readonly batchSize: number };
  readonly cookiePrefix: string;
  readonly secureCookies: boolean;
  readonly plugins: readonly PluginDeclarations[];
  readonly ipLocation: IpLocator | undefined;
}

export function resolveOptions(options: AuthOptions): ResolvedOptions {
  const base = new URL(options.baseURL);
  for (const secret of [options.secret, ...(options.previousSecrets ?? [])]) {
    if (secret.length < DEFAULTS.minSecretLength) {
      throw new Error(`Latchkey: the secret must be at least ${DEFAULTS.minSecretLength} characters`);
    }
  }
  const basePath = ('/' + (options.basePath ?? DEFAULTS.basePath)).replace(/\/+/g, '/').replace(/\/$/, '');
  const originOf = (value: string) => new URL(value).origin;
  const rl = options.rateLimit ?? {};
  return deepFreeze({
    baseURL: base.href.replace(/\/$/, ''),
    baseOrigin: base.origin,
    basePath,
    secret: options.secret,
    trustedOrigins: new Set([base.origin, ...(options.trustedOrigins ?? []).map(originOf)]),
    trustedProxies: new Set((options.trustedProxies ?? []).map(normalizeIp).filter(Boolean)),
    emailAndPassword: {
      enabled: options.emailAndPassword?.enabled ?? true,
      minPasswordLength: options.emailAndPassword?.minPasswordLength ?? DEFAULTS.minPasswordLength,
      maxPasswordLength: options.emailAndPassword?.maxPasswordLength ?? DEFAULTS.maxPasswordLength,
      autoSignIn: options.emailAndPassword?.autoSignIn ?? true,
      requireEmailVerification: options.emailAndPassword?.requireEmailVerification ?? false,
      resetPasswordTokenExpiresIn:
        options.emailAndPassword?.resetPasswordTokenExpiresIn ?? DEFAULTS.resetPasswordTokenExpiresIn,
      revokeSessionsOnPasswordReset: options.emailAndPassword?.revokeSessionsOnPasswordReset ?? true,
    },
    emailVerification: {
      sendOnSignUp: options.emailVerification?.sendOnSignUp ?? false,
      autoSignInAfterVerification: options.emailVerification?.autoSignInAfterVerification ?? false,
      expiresIn: options.emailVerification?.expiresIn ?? DEFAULTS.verificationTokenExpiresIn,
    },
    changeEmailEnabled: options.user?.changeEmail?.enabled ?? false,
    deleteUser: {
      enabled: options.user?.deleteUser?.enabled ?? false,
      sendDeleteAccountVerification: options.user?.deleteUser?.sendDeleteAccountVerification ?? false,
    },
    allowUnlinkingAll: options.account?.allowUnlinkingAll ?? false,
    accountLinking: {
      enabled: options.account?.accountLinking?.enabled ?? true,
      trustedProviders: new Set(options.account?.accountLinking?.trustedProviders ?? []),
      allowDifferentEmails: options.account?.accountLinking?.allowDifferentEmails ?? false,
    },
    socialProviders: providersById(options.socialProviders ?? []),
    idToken: resolveIdToken(options.idToken ?? {}),
    encryptionSecrets: [options.secret, ...(options.previousSecrets ?? [])],
    session: {
      expiresIn: options.session?.expiresIn ?? DEFAULTS.sessionExpiresIn,
      updateAge: options.session?.updateAge ?? DEFAULTS.sessionUpdateAge,
      freshAge: options.session?.freshAge ?? DEFAULTS.sessionFreshAge,
      cookieCache: {
        enabled: options.session?.cookieCache?.enabled ?? true,
        maxAge: options.session?.cookieCache?.maxAge ?? DEFAULTS.cookieCacheMaxAge,
      },
    },
    rateLimit: {
      enabled: rl.enabled ?? process.env.NODE_ENV === 'production',
      default: { window: rl.window ?? DEFAULTS.rateLimitWindow, max: rl.max ?? DEFAULTS.rateLimitMax },
      strict: rl.strict ?? { window: DEFAULTS.strictRateLimitWindow, max: DEFAULTS.strictRateLimitMax },
      mail: rl.mail ?? { window: DEFAULTS.mailRateLimitWindow, max: DEFAULTS.mailRateLimitMax },
    },
    prune: resolvePrune(options.prune ?? {}),
    cookiePrefix: options.advanced?.cookiePrefix ?? DEFAULTS.cookiePrefix,
    secureCookies: options.advanced?.useSecureCookies ?? base.protocol === 'https:',
    plugins: options.plugins ?? [],
    ipLocation: options.ipLocation,
  });
}

function resolvePrune(prune: NonNullable<AuthOptions['prune']>): ResolvedOptions['prune'] {
  const intervalSeconds = prune.intervalSeconds ?? DEFAULTS.pruneIntervalSeconds;
  const batchSize = prune.batchSize ?? DEFAULTS.pruneBatchSize;
  if (!(intervalSeconds > 0)) throw new Error('Latchkey: prune.intervalSeconds must be above 0');
  if (!Number.isInteger(batchSize) || batchSize < 1)
    throw new Error('Latchkey: prune.batchSize must be a whole number from 1');
  return { enabled: prune.enabled ?? true, intervalSeconds, batchSize };
}

function resolveIdToken(idToken: NonNullable<AuthOptions['idToken']>): ResolvedOptions['idToken'] {
  const maxAge = idToken.maxAge ?? DEFAULTS.idTokenMaxAge;
  if (!(maxAge > 0)) throw new Error('Latchkey: idToken.maxAge must be above 0 seconds');
  return { maxAge };
}

function providersById(providers: readonly OAuthProvider[]): ReadonlyMap<string, OAuthProvider> {
  const byId = new Map<string, OAuthProvider>();
  for (const provider of providers) {
    // Two providers answering one `/callback/{id}` would each take the other's codes.
    if (byId.has(provider.id)) throw new Error(`Latchkey: two social providers have the id "${provider.id}"`);
    byId.set(provider.id, provider);
  }
  return byId;
}

/** Freezes the option groups; plugins are frozen only as a list, since zod caches inside schemas. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  } else if (Array.isArray(value)) {
    Object.freeze(value);
  }
  return value;
}
