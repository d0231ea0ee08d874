/**
 * Fixtures of the logout tests: a browser signed in whose session issued a relying party's tokens
 * (ID token included, its `sid` that session), as the token endpoint answers them.
 */
import type { Harness } from '../../../../test/support/harness';
import { toJsonList } from '../json-list';
import { insertClient, type ClientFixture } from './fixtures';
import { exchangeCode, insertCode, signedInUser } from './token-fixtures';

export const POST_LOGOUT = 'https://rp.example.com/signed-out';

export interface SignedInRp {
  readonly client: ClientFixture;
  readonly user: Awaited<ReturnType<typeof signedInUser>>;
  readonly tokens: { access_token: string; refresh_token?: string; id_token: string };
}

/** Tokens of `client` issued in the session of `user`. */
export async function tokensFor(
  h: Harness,
  client: ClientFixture,
  user: Awaited<ReturnType<typeof signedInUser>>,
  scopes: readonly string[] = ['openid', 'profile'],
): Promise<SignedInRp['tokens']> {
  const { code } = await insertCode(h, client, user, { scopes });
  const response = await exchangeCode(h, client, code);
  if (response.status !== 200) throw new Error(`exchange failed: ${response.status} ${response.text}`);
  return response.body;
}

/** A client allowed to end sessions, with one registered post-logout redirect URI, and its tokens. */
export async function signedInRp(
  h: Harness,
  columns: Parameters<typeof insertClient>[1] = {},
  scopes?: readonly string[],
): Promise<SignedInRp> {
  const client = await insertClient(h, {
    enableEndSession: true,
    postLogoutRedirectUris: toJsonList([POST_LOGOUT]),
    ...columns,
  });
  const user = await signedInUser(h);
  return { client, user, tokens: await tokensFor(h, client, user, scopes) };
}

export async function sessionExists(h: Harness, sessionId: string): Promise<boolean> {
  const row = await h.auth.context.db.selectFrom('session').select('id').where('id', '=', sessionId).executeTakeFirst();
  return row !== undefined;
}
