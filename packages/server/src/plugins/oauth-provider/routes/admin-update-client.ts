/**
 * @module POST /admin/oauth2/update-client {client_id, update}: a platform admin (permission
 * `oauthClient: update`) changes any client, the restricted fields included; not the
 * authentication method nor the secret. better-auth serves its admin update (a PATCH) to the
 * server's own code only, and there for the caller's own clients; a platform admin here may
 * already act as any user, so any client is theirs to change.
 */
import { defineEndpoint } from '../../../plugin';
import { applyClientUpdate } from '../clients/apply-update';
import { administeredClient } from '../clients/client-admin';
import { answeringInCatalogue, CLIENT_METADATA_ERRORS } from '../clients/client-errors';
import { clientResponse } from '../clients/client-response';
import { changeableFields, updateClientBody } from '../clients/update-fields';
import { OAUTH_PROVIDER_ERRORS } from '../errors';
import type { ResolvedOAuthProviderOptions } from '../options';

export function adminUpdateClient(options: ResolvedOAuthProviderOptions) {
  return defineEndpoint({
    id: 'adminUpdateOAuthClient',
    method: 'POST',
    path: '/admin/oauth2/update-client',
    summary: 'Update an OAuth client (admin)',
    body: updateClientBody,
    response: clientResponse,
    errors: [
      ...CLIENT_METADATA_ERRORS,
      OAUTH_PROVIDER_ERRORS.clientNotFound,
      OAUTH_PROVIDER_ERRORS.notAllowedToAdministerClients,
    ],
    session: 'required',
    async handler(ctx) {
      const { auth, session, body } = ctx;
      const client = await administeredClient(auth, session, 'update', body.client_id);
      const update = changeableFields(body.update);
      return answeringInCatalogue(() =>
        applyClientUpdate(ctx, options, client, update, { actorUserId: session.user.id, admin: true }),
      );
    },
  });
}
