/**
 * @module Whether the caller is a platform admin for OAuth clients: the `oauthClient` permission
 * of whichever plugin keeps platform roles (the admin plugin), asked through the contract so this
 * plugin never imports it. Without such a plugin nobody is.
 */
import { AuthError, sessionHasPermission, type CurrentSession, type PluginHost } from '../../../plugin';
import { OAUTH_PROVIDER_ERRORS } from '../errors';

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
