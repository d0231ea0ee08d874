/**
 * @module POST /oauth2/delete-client {client_id}: the owner deletes their client; its consents,
 * codes and tokens go with it (the tables' foreign keys), so nothing it was granted still works.
 */
import { z } from 'zod';
import { defineEndpoint, emitEvent, statusResponse } from '../../../plugin';
import { findOwnedClient } from '../clients/ownership';
import { deleteClientRow } from '../clients/store';
import { OAUTH_PROVIDER_ERRORS } from '../errors';
import type { ResolvedOAuthProviderOptions } from '../options';

export function deleteClient(options: ResolvedOAuthProviderOptions) {
  return defineEndpoint({
    id: 'deleteOAuthClient',
    method: 'POST',
    path: '/oauth2/delete-client',
    summary: 'Delete an owned OAuth client',
    body: z.object({ client_id: z.string().min(1) }),
    response: statusResponse,
    errors: [OAUTH_PROVIDER_ERRORS.clientNotFound],
    session: 'required',
    async handler(ctx) {
      const { auth, session, body } = ctx;
      const client = await findOwnedClient(auth, options, session, body.client_id);
      // Two concurrent deletions tell the removal once.
      if (await deleteClientRow(auth, client.clientId)) {
        emitEvent(ctx, 'oauth-client-deleted', {
          userId: client.userId,
          organizationId: client.referenceId,
          actorUserId: session.user.id,
          detail: { clientId: client.clientId },
        });
      }
      return { status: true };
    },
  });
}
