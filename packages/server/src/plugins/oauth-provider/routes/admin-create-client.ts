/**
 * @module POST /admin/oauth2/create-client: a platform admin (permission `oauthClient: create`)
 * registers a client with any field, the restricted ones included (skip_consent and the rest,
 * metadata.ts). The client is the admin's own, as better-auth's admin route makes it. better-auth
 * serves this route to the server's own code only; we serve it to platform admins over HTTP too.
 */
import { defineEndpoint } from '../../../plugin';
import { requireClientAdmin } from '../clients/client-admin';
import { answeringInCatalogue, CLIENT_METADATA_ERRORS } from '../clients/client-errors';
import { clientResponse } from '../clients/client-response';
import { issueClient } from '../clients/issue-client';
import { clientMetadataSchema } from '../clients/metadata';
import { OAUTH_PROVIDER_ERRORS } from '../errors';
import type { ResolvedOAuthProviderOptions } from '../options';

export function adminCreateClient(options: ResolvedOAuthProviderOptions) {
  return defineEndpoint({
    id: 'adminCreateOAuthClient',
    method: 'POST',
    path: '/admin/oauth2/create-client',
    summary: 'Create an OAuth client (admin)',
    body: clientMetadataSchema,
    response: clientResponse,
    errors: [...CLIENT_METADATA_ERRORS, OAUTH_PROVIDER_ERRORS.notAllowedToAdministerClients],
    session: 'required',
    async handler(ctx) {
      const { auth, session, body } = ctx;
      await requireClientAdmin(auth, session, 'create');
      return answeringInCatalogue(() =>
        issueClient(ctx, options, body, { userId: session.user.id, actorUserId: session.user.id, admin: true }),
      );
    },
  });
}
