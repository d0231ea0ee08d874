/**
 * @module Social sign-in from the environment: `<PROVIDER>_CLIENT_ID` and `<PROVIDER>_CLIENT_SECRET`
 * for each of the seventeen providers (with Apple's key, TikTok's client key, Microsoft's tenant,
 * a self-hosted GitLab), and one generic OpenID Connect provider from `OIDC_ISSUER`. A provider is
 * enabled when its variables are set; one that is only half set stops the start with a line naming
 * what is missing, since a button that fails at the provider is worse than no button. Pure, like
 * `loadConfig`: the providers themselves are built in `main.ts`.
 */
import { createPrivateKey } from 'node:crypto';
import {
  SOCIAL_PROVIDERS,
  SOCIAL_PROVIDER_IDS,
  isLoopbackURL,
  type ProviderSetting,
  type SocialProviderId,
  type SocialProviderSettings,
} from '@latchkey/server';

/** The environment, as config.ts reads it. */
type Env = Readonly<Record<string, string | undefined>>;

/** One of the seventeen, configured. */
export interface BuiltInProviderConfig {
  readonly type: SocialProviderId;
  readonly id: SocialProviderId;
  readonly settings: Readonly<SocialProviderSettings>;
}

/** The generic OpenID Connect provider (Keycloak, Authentik, Okta, an Entra tenant, …). */
export interface GenericOidcConfig {
  readonly type: 'oidc';
  /** The `provider` of `/sign-in/social` and the `{providerId}` of `/callback/{providerId}`. */
  readonly id: string;
  /** The button's label. */
  readonly name: string;
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly scopes: readonly string[];
  /**
   * An address the OP asserts verified may sign its owner into an existing local user with that
   * address. Off by default: an OP's `email_verified` is only as good as its own policy.
   */
  readonly trustedForLinking: boolean;
}

export type SocialProviderConfig = BuiltInProviderConfig | GenericOidcConfig;

export const DEFAULT_OIDC_PROVIDER_ID = 'oidc';
export const DEFAULT_OIDC_NAME = 'OpenID Connect';
export const DEFAULT_OIDC_SCOPES: readonly string[] = Object.freeze(['openid', 'email', 'profile']);

/** Lower-case, so it is one spelling in URLs (`/callback/{id}`) and in the account table. */
const PROVIDER_ID = /^[a-z0-9][a-z0-9_-]{0,63}$/;
/** A tenant becomes a path segment of Microsoft's URLs. */
const TENANT_ID = /^[A-Za-z0-9][A-Za-z0-9.-]{0,253}$/;
const MAX_NAME_LENGTH = 64;

/** The variable of each setting, after the provider's prefix. */
const SUFFIX: Readonly<Record<ProviderSetting | 'clientId' | 'clientKey' | 'scopes', string>> = {
  clientId: 'CLIENT_ID',
  clientKey: 'CLIENT_KEY',
  clientSecret: 'CLIENT_SECRET',
  teamId: 'TEAM_ID',
  keyId: 'KEY_ID',
  privateKey: 'PRIVATE_KEY',
  tenantId: 'TENANT_ID',
  issuer: 'ISSUER',
  scopes: 'SCOPES',
};

/** Every variable a provider reads, by setting; empty values count as unset, as in config.ts. */
function readProvider(env: Env, prefix: string, settings: readonly string[]) {
  return Object.fromEntries(
    settings.flatMap((setting) => {
      const value = env[`${prefix}_${SUFFIX[setting as keyof typeof SUFFIX]}`]?.trim();
      return value ? [[setting, value]] : [];
    }),
  ) as Partial<Record<string, string>>;
}

/** Scopes as a provider's console lists them: separated by spaces or commas. */
function parseScopes(value: string): string[] {
  return [...new Set(value.split(/[\s,]+/).filter(Boolean))];
}

/** `https:` anywhere; `http:` only on this machine (development, tests), never across a network. */
function urlProblem(name: string, value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `${name}=${JSON.stringify(value)}: must be an https:// URL`;
  }
  if (url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackURL(url))) return null;
  return `${name}=${JSON.stringify(value)}: must be an https:// URL (http:// only on localhost, 127.x.x.x or [::1])`;
}

/**
 * A PEM pasted into one line of an env file keeps its line breaks as `\n`; the key is checked here
 * so a broken paste stops the start rather than every Apple sign-in. Never echoed.
 */
function parsePrivateKey(name: string, value: string): { key: string } | { problem: string } {
  const key = value.replace(/\\n/g, '\n');
  try {
    createPrivateKey(key);
    return { key };
  } catch {
    return {
      problem: `${name}: must be a PEM private key (-----BEGIN PRIVATE KEY----- …), with line breaks or \\n escapes`,
    };
  }
}

function builtInProvider(env: Env, id: SocialProviderId, problems: string[]): BuiltInProviderConfig | null {
  const entry = SOCIAL_PROVIDERS[id];
  const prefix = id.toUpperCase();
  const settingNames = [entry.clientIdName, 'clientSecret', ...entry.required, ...entry.optional, 'scopes'];
  const given = readProvider(env, prefix, [...new Set(settingNames)]);
  const named = Object.keys(given);
  if (named.length === 0) return null;
  const variable = (setting: string) => `${prefix}_${SUFFIX[setting as keyof typeof SUFFIX]}`;
  const before = problems.length;
  for (const setting of [entry.clientIdName, ...entry.required]) {
    if (given[setting] === undefined) {
      problems.push(
        `${variable(setting)} is required to enable ${id} sign-in (${named.map(variable).join(', ')} ${named.length === 1 ? 'is' : 'are'} set)`,
      );
    }
  }
  const settings: SocialProviderSettings = { clientId: given[entry.clientIdName] ?? '' };
  for (const setting of [...entry.required, ...entry.optional]) {
    const value = given[setting];
    if (value === undefined) continue;
    if (setting === 'issuer') {
      const problem = urlProblem(variable(setting), value);
      if (problem) problems.push(problem);
      settings.issuer = value.replace(/\/+$/, '');
    } else if (setting === 'privateKey') {
      const parsed = parsePrivateKey(variable(setting), value);
      if ('problem' in parsed) problems.push(parsed.problem);
      else settings.privateKey = parsed.key;
    } else if (setting === 'tenantId' && !TENANT_ID.test(value)) {
      problems.push(
        `${variable(setting)}=${JSON.stringify(value)}: must be a tenant id or domain, or common, organizations or consumers`,
      );
    } else {
      settings[setting] = value;
    }
  }
  if (given.scopes !== undefined) settings.scopes = parseScopes(given.scopes);
  if (problems.length > before) return null;
  return Object.freeze({ type: id, id, settings: Object.freeze(settings) });
}

function genericProvider(env: Env, problems: string[]): GenericOidcConfig | null {
  const given = {
    OIDC_ISSUER: env.OIDC_ISSUER?.trim() || undefined,
    OIDC_CLIENT_ID: env.OIDC_CLIENT_ID?.trim() || undefined,
    OIDC_CLIENT_SECRET: env.OIDC_CLIENT_SECRET?.trim() || undefined,
    OIDC_SCOPES: env.OIDC_SCOPES?.trim() || undefined,
    OIDC_NAME: env.OIDC_NAME?.trim() || undefined,
    OIDC_PROVIDER_ID: env.OIDC_PROVIDER_ID?.trim() || undefined,
    OIDC_TRUSTED_FOR_LINKING: env.OIDC_TRUSTED_FOR_LINKING?.trim() || undefined,
  };
  const named = Object.entries(given).flatMap(([name, value]) => (value === undefined ? [] : [name]));
  if (named.length === 0) return null;
  const before = problems.length;
  for (const name of ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const) {
    if (given[name] === undefined)
      problems.push(
        `${name} is required to enable OpenID Connect sign-in (${named.join(', ')} ${named.length === 1 ? 'is' : 'are'} set)`,
      );
  }
  if (given.OIDC_ISSUER !== undefined) {
    const problem = urlProblem('OIDC_ISSUER', given.OIDC_ISSUER);
    if (problem) problems.push(problem);
  }
  const id = given.OIDC_PROVIDER_ID ?? DEFAULT_OIDC_PROVIDER_ID;
  if (!PROVIDER_ID.test(id)) {
    problems.push(
      `OIDC_PROVIDER_ID=${JSON.stringify(id)}: must be 1 to 64 lower-case letters, digits, "-" or "_", starting with a letter or digit`,
    );
  } else if ((SOCIAL_PROVIDER_IDS as readonly string[]).includes(id) || id === 'credential') {
    problems.push(
      `OIDC_PROVIDER_ID=${JSON.stringify(id)}: is the id of a built-in provider (or of password accounts); choose another`,
    );
  }
  const trust = given.OIDC_TRUSTED_FOR_LINKING;
  if (trust !== undefined && trust !== 'on' && trust !== 'off') {
    problems.push(`OIDC_TRUSTED_FOR_LINKING=${JSON.stringify(trust)}: must be "on" or "off"`);
  }
  const name = given.OIDC_NAME ?? DEFAULT_OIDC_NAME;
  if (name.length > MAX_NAME_LENGTH) problems.push(`OIDC_NAME: must be at most ${MAX_NAME_LENGTH} characters`);
  if (problems.length > before) return null;
  return Object.freeze({
    type: 'oidc',
    id,
    name,
    issuer: given.OIDC_ISSUER!,
    clientId: given.OIDC_CLIENT_ID!,
    clientSecret: given.OIDC_CLIENT_SECRET!,
    scopes: Object.freeze(given.OIDC_SCOPES ? parseScopes(given.OIDC_SCOPES) : [...DEFAULT_OIDC_SCOPES]),
    trustedForLinking: trust === 'on',
  });
}

/** The enabled providers, in SPEC §1's order with the generic one last, and every problem found. */
export function parseSocialProviders(env: Env): { providers: readonly SocialProviderConfig[]; problems: string[] } {
  const problems: string[] = [];
  const providers: SocialProviderConfig[] = [];
  for (const id of SOCIAL_PROVIDER_IDS) {
    const provider = builtInProvider(env, id, problems);
    if (provider) providers.push(provider);
  }
  const generic = genericProvider(env, problems);
  if (generic) providers.push(generic);
  return { providers: Object.freeze(providers), problems };
}
