/**
 * @module What a successful exchange issues, for every grant: an access token (opaque, or a JWT
 * per RFC 9068 when it is meant for one of the configured resources, RFC 8707), a refresh token
 * when the grant may have one, an ID token when `openid` was granted, and the answer of RFC 6749
 * §5.1. Tokens are made and signed first (`prepareTokens`), then their rows written inside the
 * exchange's transaction (`storeTokens`): the transaction holds no connection while signing.
 */
import type { PluginHost } from '../../../plugin';
import type { OAuthClient } from '../clients/client';
import { toJsonList } from '../json-list';
import { OAuthError } from '../oauth-error';
import { digestOf, newOpaqueSecret } from '../opaque-secret';
import type { ResolvedOAuthProviderOptions } from '../options';
import type { OAuthAccessTokenTable, OAuthRefreshTokenTable } from '../schema';
import { signJwt } from '../keys/signing-keys';
import { organizationClaims } from '../organization/claims';
import { insertAccessToken, insertRefreshToken, type OAuthDb } from './store';

export interface Issuance {
  readonly client: OAuthClient;
  readonly userId: string | null;
  readonly sessionId: string | null;
  /** The access token's (and the answer's) scopes. */
  readonly scopes: readonly string[];
  /** The access token's audiences: configured resources (then it is a JWT), or none (opaque). */
  readonly audience: readonly string[];
  readonly grantId: string;
  readonly referenceId: string | null;
  readonly authTime: Date | null;
  readonly accessTokenExpiresIn: number;
  /** A refresh token with these scopes and resources (the family's, RFC 6749 §6), or none. */
  readonly refresh?: { readonly scopes: readonly string[]; readonly resources: readonly string[] | null };
  /** An ID token, with the authorization's nonce. */
  readonly idToken?: { readonly nonce: string | null };
}

export interface TokenAnswer {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  scope: string;
  refresh_token?: string;
  id_token?: string;
}

export interface PreparedTokens {
  readonly answer: TokenAnswer;
  readonly access: OAuthAccessTokenTable;
  readonly refresh: OAuthRefreshTokenTable | null;
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * The access token's audience (RFC 8707 §2.2, RFC 9068 §3): the resources asked for at the token
 * request (the `resource` parameter, repeatable), each a configured one and, when the
 * authorization named resources, one of those; else the authorization's resources that are
 * configured. Several resources make `aud` a list.
 */
export function selectAudience(
  options: ResolvedOAuthProviderOptions,
  requested: readonly string[],
  authorized: readonly string[] | null,
): string[] {
  if (requested.length === 0) return (authorized ?? []).filter((resource) => options.resources.includes(resource));
  if (requested.some((resource) => !options.resources.includes(resource)))
    throw new OAuthError('invalid_target', 'requested resource invalid');
  // A token request may narrow the audience the user authorized, never move it elsewhere.
  if (authorized?.length && requested.some((resource) => !authorized.includes(resource)))
    throw new OAuthError('invalid_target', 'requested resource not authorized');
  return [...new Set(requested)];
}

export async function prepareTokens(
  auth: PluginHost,
  options: ResolvedOAuthProviderOptions,
  grant: Issuance,
): Promise<PreparedTokens> {
  const now = auth.now();
  const iat = seconds(now);
  const issuer = options.issuer(auth);
  const expiresAt = new Date((iat + grant.accessTokenExpiresIn) * 1000);
  const refresh = grant.refresh ? prepareRefresh(now, options, grant, grant.refresh) : null;
  // Read once for both tokens; the protocol's own claims are written after them, so they win.
  const organization = await organizationClaims(auth, grant.userId, grant.referenceId, grant.scopes);

  let accessToken: string;
  let stored: string;
  if (grant.audience.length > 0) {
    const jti = crypto.randomUUID();
    accessToken = await signJwt(
      auth,
      options,
      {
        ...organization,
        iss: issuer,
        // RFC 9068 §2.2: the client's own id when no user is involved (client_credentials).
        sub: grant.userId ?? grant.client.clientId,
        aud: grant.audience.length === 1 ? grant.audience[0] : [...grant.audience],
        client_id: grant.client.clientId,
        scope: grant.scopes.join(' '),
        iat,
        exp: seconds(expiresAt),
        jti,
        ...(grant.sessionId ? { sid: grant.sessionId } : {}),
        ...(grant.authTime ? { auth_time: seconds(grant.authTime) } : {}),
      },
      { typ: 'at+jwt' },
    );
    // The row keeps the jti, so the JWT can be revoked and introspected like an opaque token.
    stored = jti;
  } else {
    accessToken = newOpaqueSecret();
    stored = digestOf(accessToken);
  }
  const access: OAuthAccessTokenTable = {
    id: crypto.randomUUID(),
    token: stored,
    clientId: grant.client.clientId,
    sessionId: grant.sessionId,
    refreshId: refresh?.row.id ?? null,
    userId: grant.userId,
    referenceId: grant.referenceId,
    scopes: toJsonList(grant.scopes),
    resources: grant.audience.length ? toJsonList(grant.audience) : null,
    grantId: grant.grantId,
    revoked: null,
    createdAt: now,
    expiresAt,
  };

  const answer: TokenAnswer = {
    access_token: accessToken,
    token_type: 'Bearer',
    expires_in: grant.accessTokenExpiresIn,
    scope: grant.scopes.join(' '),
    ...(refresh ? { refresh_token: refresh.token } : {}),
  };
  if (grant.idToken && grant.userId) {
    answer.id_token = await signJwt(auth, options, {
      ...organization,
      iss: issuer,
      sub: grant.userId,
      aud: grant.client.clientId,
      azp: grant.client.clientId,
      iat,
      exp: iat + options.idTokenExpiresIn,
      ...(grant.authTime ? { auth_time: seconds(grant.authTime) } : {}),
      ...(grant.idToken.nonce ? { nonce: grant.idToken.nonce } : {}),
      ...(grant.sessionId ? { sid: grant.sessionId } : {}),
    });
  }
  return { answer, access, refresh: refresh?.row ?? null };
}

function prepareRefresh(
  now: Date,
  options: ResolvedOAuthProviderOptions,
  grant: Issuance,
  family: NonNullable<Issuance['refresh']>,
): { token: string; row: OAuthRefreshTokenTable } {
  const token = newOpaqueSecret();
  const userId = grant.userId;
  if (!userId) throw new Error('Latchkey: a refresh token needs a user');
  return {
    token,
    row: {
      id: crypto.randomUUID(),
      token: digestOf(token),
      clientId: grant.client.clientId,
      sessionId: grant.sessionId,
      userId,
      referenceId: grant.referenceId,
      scopes: toJsonList(family.scopes),
      resources: family.resources ? toJsonList(family.resources) : null,
      grantId: grant.grantId,
      revoked: null,
      rotatedAt: null,
      authTime: grant.authTime,
      createdAt: now,
      expiresAt: new Date(now.getTime() + options.refreshTokenExpiresIn * 1000),
    },
  };
}

export async function storeTokens(db: OAuthDb, prepared: PreparedTokens): Promise<void> {
  if (prepared.refresh) await insertRefreshToken(db, prepared.refresh);
  await insertAccessToken(db, prepared.access);
}
