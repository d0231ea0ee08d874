/**
 * @module Which clients a signed-in user manages: those they own. Another owner's client is
 * answered as an unknown one, so client ids cannot be probed through the management routes.
 * Organization-owned clients (better-auth's `clientReference`) are not managed yet.
 */
import { AuthError, type CurrentSession, type PluginHost } from '../../../plugin';
import { OAUTH_PROVIDER_ERRORS } from '../errors';
import { findClient, type OAuthClient } from './client';

export async function findOwnedClient(
  auth: PluginHost,
  current: CurrentSession,
  clientId: string,
): Promise<OAuthClient> {
  const client = await findClient(auth, clientId);
  if (!client || client.userId !== current.user.id) throw new AuthError(OAUTH_PROVIDER_ERRORS.clientNotFound);
  return client;
}
