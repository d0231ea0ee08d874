/**
 * @module An organization's clients go with it: nobody could manage them any more, and what they
 * were granted (their consents, codes and tokens, by the tables' foreign keys) must not outlive
 * the organization. The organization plugin says an organization was deleted by its
 * `organization-deleted` event; this plugin listens (the `event` hook) rather than importing it.
 * The hook may not wait, so the deletion is queued and its statement sent at once.
 */
import type { AuthEvent, PluginHost } from '../../../plugin';
import { oauthProviderSchema } from '../schema';

export function deleteOrganizationClients(event: AuthEvent, auth: PluginHost): void {
  if (event.type !== 'organization-deleted' || !event.organizationId) return;
  const { organizationId } = event;
  auth.background.run('oauth-provider: delete a deleted organization’s clients', async () => {
    await oauthProviderSchema.db(auth).deleteFrom('oauthClient').where('referenceId', '=', organizationId).execute();
  });
}
