/**
 * @module Which clients a signed-in user manages: those they own, and those owned by an
 * organization (`referenceId`, better-auth's `clientReference`) whose roles grant them
 * `organization: update` (owner and admin by default), asked through the contract's
 * `userOrganizations` so this plugin never imports the organization plugin. Membership is read on
 * every call: a member removed or demoted loses the clients at once. A client the caller does not
 * manage is answered as an unknown one, so client ids cannot be probed through these routes.
 */
import { AuthError, userOrganizations, type CurrentSession, type PluginHost } from '../../../plugin';
import { OAUTH_PROVIDER_ERRORS } from '../errors';
import type { ResolvedOAuthProviderOptions } from '../options';
import { findClient, type OAuthClient } from './client';

/** What an organization's role must grant to manage its clients: the right to change the organization. */
export const MANAGE_ORGANIZATION_CLIENTS = Object.freeze({ organization: Object.freeze(['update']) });

/** Whether the caller manages the clients of `organizationId`. */
export async function managesOrganizationClients(
  auth: PluginHost,
  options: ResolvedOAuthProviderOptions,
  current: CurrentSession,
  organizationId: string,
): Promise<boolean> {
  if (!options.organizationClients) return false;
  const facts = await userOrganizations(auth, current.user.id);
  const membership = facts?.memberships.find((m) => m.id === organizationId);
  return membership?.grants(MANAGE_ORGANIZATION_CLIENTS) ?? false;
}

/** 403 unless the caller manages the clients of `organizationId`. */
export async function requireOrganizationClientManager(
  auth: PluginHost,
  options: ResolvedOAuthProviderOptions,
  current: CurrentSession,
  organizationId: string,
): Promise<void> {
  if (!(await managesOrganizationClients(auth, options, current, organizationId)))
    throw new AuthError(OAUTH_PROVIDER_ERRORS.notAllowedToManageOrganizationClients);
}

export async function findOwnedClient(
  auth: PluginHost,
  options: ResolvedOAuthProviderOptions,
  current: CurrentSession,
  clientId: string,
): Promise<OAuthClient> {
  const client = await findClient(auth, clientId);
  if (client && client.userId === current.user.id) return client;
  if (
    client &&
    client.userId === null &&
    client.referenceId !== null &&
    (await managesOrganizationClients(auth, options, current, client.referenceId))
  )
    return client;
  throw new AuthError(OAUTH_PROVIDER_ERRORS.clientNotFound);
}
