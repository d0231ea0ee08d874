/**
 * @module grant_type=client_credentials (RFC 6749 §4.4): a confidential client acting for itself.
 * Its scopes are the ones an administrator assigned it (`clientCredentialsScopes`); a client with
 * none gets nothing, as in better-auth (fail closed). No refresh token (§4.4.3), no ID token, no user.
 */
import { isPublicClient } from '../clients/client';
import { scopesOf } from '../json-list';
import { OAuthError } from '../oauth-error';
import { listParam, stringParam } from '../params';
import { oauthProviderSchema } from '../schema';
import { requireGrantType, type GrantContext } from './grant-context';
import { prepareTokens, selectAudience, storeTokens, type PreparedTokens } from './issue';

export async function exchangeClientCredentials(grant: GrantContext): Promise<PreparedTokens> {
  const { auth, options, client, params } = grant;
  // A public client proves nothing about itself: its "own" access would be anyone's.
  if (isPublicClient(client))
    throw new OAuthError('unauthorized_client', 'client_credentials needs a confidential client');
  requireGrantType(client, 'client_credentials');
  const allowed = client.clientCredentialsScopes;
  if (allowed.length === 0)
    throw new OAuthError('unauthorized_client', 'client has no authorized client_credentials scopes');
  const asked = scopesOf(stringParam(params, 'scope'));
  const invalid = asked.filter((scope) => !allowed.includes(scope));
  if (invalid.length) throw new OAuthError('invalid_scope', `The following scopes are invalid: ${invalid.join(', ')}`);
  const prepared = await prepareTokens(auth, options, {
    client,
    userId: null,
    sessionId: null,
    scopes: asked.length ? asked : allowed,
    audience: selectAudience(options, listParam(params, 'resource'), null),
    grantId: crypto.randomUUID(),
    referenceId: client.referenceId,
    authTime: null,
    accessTokenExpiresIn: options.m2mAccessTokenExpiresIn,
  });
  await storeTokens(oauthProviderSchema.db(auth), prepared);
  return prepared;
}
