/**
 * @module Sign in with Apple (OpenID Connect with PKCE). Apple's quirks:
 * - the client secret is a JWT the deployment signs (ES256) with its key from Apple's console: issuer
 *   the team id, subject the client (Services) id, audience Apple; signed here, kept until shortly
 *   before it expires;
 * - asking for `name` or `email` requires `response_mode=form_post`: the callback is a cross-site
 *   POST (`formPostCallback`);
 * - the user's name comes only in that first POST's `user` field (the engine passes it as
 *   `CodeExchange.user`), never in the id_token; it is unsigned, so only the name is taken from it;
 * - `email_verified` may be the string "true"; an `is_private_email` relay address is a verified
 *   address like any other;
 * - Apple's native SDKs put the SHA-256 of the nonce into id_tokens.
 *
 * Trusted for linking: Apple asserts `email_verified` only for addresses it confirmed.
 */
import { createPrivateKey, type KeyObject } from 'node:crypto';
import { SignJWT } from 'jose';
import type * as oauth from 'oauth4webapi';
import { claimIsTrue, createOidcClient } from '../oidc';
import type { OAuthProvider, ProviderCredentials } from '../provider';
import { defineOidcProvider, scopesWith, withEndpoints } from './define-provider';

export interface AppleOptions extends ProviderCredentials {
  /** The developer team that owns the key. */
  teamId: string;
  /** The id of the key that signs the client secret. */
  keyId: string;
  /** That key: the `.p8` file's PKCS #8 PEM (an environment variable's `\n` escapes are accepted). */
  privateKey: string;
  /** The `aud` an id_token held by a native app may name (its bundle id); the client id by default. */
  audience?: readonly string[] | undefined;
}

const ENDPOINTS = {
  issuer: 'https://appleid.apple.com',
  authorization: 'https://appleid.apple.com/auth/authorize',
  token: 'https://appleid.apple.com/auth/token',
  jwks: 'https://appleid.apple.com/auth/keys',
};
const DEFAULT_SCOPES = ['email', 'name'];
const SECRET_LIFETIME_S = 3600;
const SECRET_RENEWAL_MARGIN_S = 300;

export function apple(options: AppleOptions): OAuthProvider {
  const { issuer, ...endpoints } = withEndpoints(ENDPOINTS, options);
  const clientSecret = appleClientSecret(options);
  const client = createOidcClient({
    clientId: options.clientId,
    issuer,
    endpoints,
    clientAuth: async (_as: oauth.AuthorizationServer, { client_id }: oauth.Client, body: URLSearchParams) => {
      body.set('client_id', client_id);
      body.set('client_secret', await clientSecret());
    },
    pkce: true,
    scopes: scopesWith(DEFAULT_SCOPES, options),
    // Apple requires it whenever a scope is asked for, and `name` and `email` always are.
    authorizationParams: { response_mode: 'form_post' },
    audience: options.audience,
    nonceComparison: 'exact-or-sha256',
    maxTokenAge: '1h',
  });
  return defineOidcProvider({
    id: 'apple',
    name: 'Apple',
    credentials: options,
    trustedForLinking: true,
    client,
    formPostCallback: true,
    async exchange(exchange) {
      const tokens = await client.validateAuthorizationCode(exchange);
      const user = parseUserField(exchange.user);
      return user === null ? tokens : { ...tokens, raw: { ...tokens.raw, user } };
    },
    profile(claims, tokens) {
      if (typeof claims.sub !== 'string') return null;
      const email = typeof claims.email === 'string' ? claims.email : null;
      const user = tokens.raw.user as AppleUser | undefined;
      const fullName = [user?.name?.firstName, user?.name?.lastName]
        .filter((part) => typeof part === 'string' && part !== '')
        .join(' ');
      return {
        id: claims.sub,
        email,
        emailVerified: email !== null && claimIsTrue(claims.email_verified),
        name: fullName || (typeof claims.name === 'string' ? claims.name : ''),
        image: null,
      };
    },
  });
}

interface AppleUser {
  name?: { firstName?: unknown; lastName?: unknown };
}

function parseUserField(field: string | undefined): AppleUser | null {
  if (field === undefined) return null;
  try {
    const parsed: unknown = JSON.parse(field);
    return typeof parsed === 'object' && parsed !== null ? (parsed as AppleUser) : null;
  } catch {
    return null;
  }
}

/** Signs Apple's client secret, and signs a new one only when the last is about to expire. */
function appleClientSecret(options: AppleOptions): () => Promise<string> {
  const key = appleKey(options.privateKey);
  let current: { jwt: string; expiresAt: number } | null = null;
  return async () => {
    const now = Math.floor(Date.now() / 1000);
    if (current === null || current.expiresAt - SECRET_RENEWAL_MARGIN_S <= now) {
      const jwt = await new SignJWT({})
        .setProtectedHeader({ alg: 'ES256', kid: options.keyId })
        .setIssuer(options.teamId)
        .setSubject(options.clientId)
        .setAudience('https://appleid.apple.com')
        .setIssuedAt(now)
        .setExpirationTime(now + SECRET_LIFETIME_S)
        .sign(key);
      current = { jwt, expiresAt: now + SECRET_LIFETIME_S };
    }
    return current.jwt;
  };
}

/** Read once when the provider is built, so a broken key stops start-up rather than the first sign-in. */
function appleKey(pem: string): KeyObject {
  let key: KeyObject;
  try {
    key = createPrivateKey(pem.replace(/\\n/g, '\n'));
  } catch {
    // The message must not carry the key.
    throw new Error("Latchkey: Apple's private key is not a PKCS #8 PEM key (the .p8 file from Apple's console)");
  }
  if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1') {
    throw new Error("Latchkey: Apple's private key must be an EC P-256 key (the .p8 file from Apple's console)");
  }
  return key;
}
