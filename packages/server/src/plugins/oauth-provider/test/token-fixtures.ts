/**
 * Fixtures of the token-side tests: a signed-in user with an authorization code written straight
 * into its table (the authorize endpoint is tested on its own), and the token, introspection and
 * revocation calls as a relying party makes them (form bodies, Basic authentication).
 */
import { createHash } from 'node:crypto';
import type { Harness, TestResponse } from '../../../../test/support/harness';
import { toJsonList } from '../json-list';
import { digestOf, newOpaqueSecret } from '../opaque-secret';
import { oauthProviderSchema, type OAuthAuthorizationCodeTable } from '../schema';
import { RP_REDIRECT, type ClientFixture } from './fixtures';

export const VERIFIER = 'verifier-'.padEnd(64, 'x');
export const CHALLENGE = createHash('sha256').update(VERIFIER).digest('base64url');

export interface CodeFixture {
  readonly code: string;
  readonly userId: string;
  readonly sessionId: string;
  readonly grantId: string;
}

/** A user signed in (one session), for the codes and tokens of a test. */
export async function signedInUser(h: Harness, name = 'Ada King Lovelace') {
  const { user, client } = await h.signUp(undefined, undefined, name);
  const session = await h.auth.context.db
    .selectFrom('session')
    .select('id')
    .where('userId', '=', user.id)
    .executeTakeFirstOrThrow();
  return { userId: user.id as string, sessionId: session.id, browser: client };
}

/** A code for `client`, as the authorize endpoint would have issued it (PKCE S256 unless overridden). */
export async function insertCode(
  h: Harness,
  client: ClientFixture,
  user: { userId: string; sessionId: string },
  columns: Partial<Omit<OAuthAuthorizationCodeTable, 'scopes' | 'resources'>> & {
    scopes?: readonly string[];
    resources?: readonly string[];
  } = {},
): Promise<CodeFixture> {
  const code = newOpaqueSecret();
  const now = h.clock.now();
  const grantId = crypto.randomUUID();
  const { scopes, resources, ...rest } = columns;
  await oauthProviderSchema
    .db(h.auth.context)
    .insertInto('oauthAuthorizationCode')
    .values({
      id: crypto.randomUUID(),
      code: digestOf(code),
      clientId: client.clientId,
      userId: user.userId,
      sessionId: user.sessionId,
      redirectUri: RP_REDIRECT,
      codeChallenge: CHALLENGE,
      nonce: 'nonce-1',
      referenceId: null,
      authTime: now,
      grantId,
      usedAt: null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + 600_000),
      ...rest,
      scopes: toJsonList(scopes ?? ['openid', 'profile', 'email', 'offline_access']),
      resources: resources ? toJsonList(resources) : null,
    })
    .execute();
  return { code, userId: user.userId, sessionId: user.sessionId, grantId };
}

export function basic(client: ClientFixture): Record<string, string> {
  const pair = `${encodeURIComponent(client.clientId)}:${encodeURIComponent(client.clientSecret ?? '')}`;
  return { authorization: `Basic ${Buffer.from(pair).toString('base64')}` };
}

/** A form post to a protocol route, as a relying party's server sends it (no Origin, no cookies). */
export function formPost(
  h: Harness,
  path: string,
  params: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<TestResponse> {
  return h.client().request('POST', path, undefined, {
    origin: null,
    rawBody: new URLSearchParams(params).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  });
}

export function exchangeCode(h: Harness, client: ClientFixture, code: string, more: Record<string, string> = {}) {
  return formPost(
    h,
    '/oauth2/token',
    { grant_type: 'authorization_code', code, redirect_uri: RP_REDIRECT, code_verifier: VERIFIER, ...more },
    basic(client),
  );
}

export function refresh(h: Harness, client: ClientFixture, refreshToken: string, more: Record<string, string> = {}) {
  return formPost(
    h,
    '/oauth2/token',
    { grant_type: 'refresh_token', refresh_token: refreshToken, ...more },
    basic(client),
  );
}

export function introspect(h: Harness, client: ClientFixture, token: string, hint?: string) {
  return formPost(h, '/oauth2/introspect', { token, ...(hint ? { token_type_hint: hint } : {}) }, basic(client));
}

/** The rows of a grant, to assert what a replay or revocation did. */
export async function grantRows(h: Harness, grantId: string) {
  const db = oauthProviderSchema.db(h.auth.context);
  const access = await db.selectFrom('oauthAccessToken').selectAll().where('grantId', '=', grantId).execute();
  const refreshRows = await db.selectFrom('oauthRefreshToken').selectAll().where('grantId', '=', grantId).execute();
  return { access, refresh: refreshRows };
}
