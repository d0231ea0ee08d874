/**
 * @module POST /oauth2/create-client: a signed-in user registers a client of their own (201, the
 * RFC 7591 answer with the secret, shown this once). The fields only a platform admin may set are
 * refused here (POST /admin/oauth2/create-client takes them).
 */
import { defineEndpoint } from '../../../plugin';
import { answeringInCatalogue, CLIENT_METADATA_ERRORS, refuseRestrictedFields } from '../clients/client-errors';
import { clientResponse } from '../clients/client-response';
import { clientMetadataSchema } from '../clients/metadata';
import { OAUTH_PROVIDER_ERRORS } from '../errors';
import type { ResolvedOAuthProviderOptions } from '../options';
import { issueClient } from '../clients/issue-client';

export function createClient(options: ResolvedOAuthProviderOptions) {
  return defineEndpoint({
    id: 'createOAuthClient',
    method: 'POST',
    path: '/oauth2/create-client',
    body: clientMetadataSchema,
    response: clientResponse,
    errors: [...CLIENT_METADATA_ERRORS, OAUTH_PROVIDER_ERRORS.restrictedClientFields],
    session: 'required',
    async handler(ctx) {
      refuseRestrictedFields(ctx.body);
      return answeringInCatalogue(() =>
        issueClient(ctx, options, ctx.body, { userId: ctx.session.user.id, actorUserId: ctx.session.user.id }),
      );
    },
  });
}
