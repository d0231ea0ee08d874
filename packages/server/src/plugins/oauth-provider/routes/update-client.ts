/**
 * @module POST /oauth2/update-client {client_id, update}: the owner changes their client's
 * metadata (the fields left out keep their values). The restricted fields are refused, as are the
 * authentication method and the secret (update-fields.ts). Answers the client, without a secret.
 */
import { defineEndpoint } from '../../../plugin';
import { applyClientUpdate } from '../clients/apply-update';
import { answeringInCatalogue, CLIENT_METADATA_ERRORS, refuseRestrictedFields } from '../clients/client-errors';
import { clientResponse } from '../clients/client-response';
import { findOwnedClient } from '../clients/ownership';
import { changeableFields, updateClientBody } from '../clients/update-fields';
import { OAUTH_PROVIDER_ERRORS } from '../errors';
import type { ResolvedOAuthProviderOptions } from '../options';

export function updateClient(options: ResolvedOAuthProviderOptions) {
  return defineEndpoint({
    id: 'updateOAuthClient',
    method: 'POST',
    path: '/oauth2/update-client',
    summary: 'Update an owned OAuth client',
    body: updateClientBody,
    response: clientResponse,
    errors: [
      ...CLIENT_METADATA_ERRORS,
      OAUTH_PROVIDER_ERRORS.clientNotFound,
      OAUTH_PROVIDER_ERRORS.restrictedClientFields,
    ],
    session: 'required',
    async handler(ctx) {
      const { auth, session, body } = ctx;
      const update = changeableFields(body.update);
      refuseRestrictedFields(update);
      const client = await findOwnedClient(auth, options, session, body.client_id);
      return answeringInCatalogue(() =>
        applyClientUpdate(ctx, options, client, update, { actorUserId: session.user.id }),
      );
    },
  });
}
