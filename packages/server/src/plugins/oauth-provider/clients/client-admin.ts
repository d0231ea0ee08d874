/**
 * @module Whether the caller is a platform admin for OAuth clients: the `oauthClient` permission
 * of whichever plugin keeps platform roles (the admin plugin), asked through the contract so this
 * plugin never imports it. Without such a plugin nobody is.
 */
import { AuthError, sessionHasPermission, type CurrentSession, type PluginHost } from '../../../plugin';
import { OAUTH_PROVIDER_ERRORS } from '../errors';
import { findClient, type OAuthClient } from './client';

export type ClientAdminAction = 'create' | 'update' | 'delete' | 'read';

export async function requireClientAdmin(
  auth: PluginHost,
  current: CurrentSession,
  action: ClientAdminAction,
): Promise<void> {
  if (!(await sessionHasPermission(auth, current, { oauthClient: [action] }))) {
    throw new AuthError(OAUTH_PROVIDER_ERRORS.notAllowedToAdministerClients);
  }
}

/** The client a platform admin acts on: the permission first, so an unpermitted caller cannot tell
 * which client ids exist. */
export async function administeredClient(
  auth: PluginHost,
  current: CurrentSession,
  action: ClientAdminAction,
  clientId: string,
): Promise<OAuthClient> {
  await requireClientAdmin(auth, current, action);
  const client = await findClient(auth, clientId);
  if (!client) throw new AuthError(OAUTH_PROVIDER_ERRORS.clientNotFound);
  return client;
}
