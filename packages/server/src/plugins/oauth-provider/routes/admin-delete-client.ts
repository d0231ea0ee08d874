/**
 * @module POST /admin/oauth2/delete-client {client_id}: a platform admin (permission
 * `oauthClient: delete`) deletes any client; its consents, codes and tokens go with it (the
 * tables' foreign keys), so nothing it was granted still works.
 */
import { z } from 'zod';
import { defineEndpoint, emitEvent, statusResponse } from '../../../plugin';
import { administeredClient } from '../clients/client-admin';
import { deleteClientRow } from '../clients/store';
import { OAUTH_PROVIDER_ERRORS } from '../errors';

export function adminDeleteClient() {
  return defineEndpoint({
    id: 'adminDeleteOAuthClient',
    method: 'POST',
    path: '/admin/oauth2/delete-client',
    summary: 'Delete an OAuth client (admin)',
    body: z.object({ client_id: z.string().min(1) }),
    response: statusResponse,
    errors: [OAUTH_PROVIDER_ERRORS.clientNotFound, OAUTH_PROVIDER_ERRORS.notAllowedToAdministerClients],
    session: 'required',
    async handler(ctx) {
      const { auth, session, body } = ctx;
      const client = await administeredClient(auth, session, 'delete', body.client_id);
      // Two concurrent deletions tell the removal once.
      if (await deleteClientRow(auth, client.clientId)) {
        emitEvent(ctx, 'oauth-client-deleted', {
          userId: client.userId,
          actorUserId: session.user.id,
          detail: { clientId: client.clientId },
        });
      }
      return { status: true };
    },
  });
}
