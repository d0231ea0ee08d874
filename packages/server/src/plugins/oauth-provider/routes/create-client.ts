/**
 * @module POST /oauth2/create-client: a signed-in user registers a client of their own, or, with
 * `organization_id`, one owned by an organization whose clients they manage (clients/ownership.ts;
 * 403 otherwise). 201, the RFC 7591 answer with the secret, shown this once. The fields only a
 * platform admin may set are refused here (POST /admin/oauth2/create-client takes them).
 *
 * better-auth takes the owner from its `clientReference` option (the session's active organization,
 * say); we take it from the request, so a user whose session has an organization active still
 * registers a client of their own unless they say otherwise (docs/decisions.md).
 */
import { z } from 'zod';
import { defineEndpoint } from '../../../plugin';
import { answeringInCatalogue, CLIENT_METADATA_ERRORS, refuseRestrictedFields } from '../clients/client-errors';
import { clientResponse } from '../clients/client-response';
import { clientMetadataSchema } from '../clients/metadata';
import { requireOrganizationClientManager } from '../clients/ownership';
import { OAUTH_PROVIDER_ERRORS } from '../errors';
import type { ResolvedOAuthProviderOptions } from '../options';
import { issueClient } from '../clients/issue-client';

const body = clientMetadataSchema.extend({ organization_id: z.string().min(1).optional() });

export function createClient(options: ResolvedOAuthProviderOptions) {
  return defineEndpoint({
    id: 'createOAuthClient',
    method: 'POST',
    path: '/oauth2/create-client',
    summary: 'Create an OAuth client',
    body,
    response: clientResponse,
    errors: [
      ...CLIENT_METADATA_ERRORS,
      OAUTH_PROVIDER_ERRORS.restrictedClientFields,
      OAUTH_PROVIDER_ERRORS.notAllowedToManageOrganizationClients,
    ],
    session: 'required',
    async handler(ctx) {
      const { organization_id: organizationId, ...metadata } = ctx.body;
      refuseRestrictedFields(metadata);
      const actorUserId = ctx.session.user.id;
      if (organizationId === undefined)
        return answeringInCatalogue(() => issueClient(ctx, options, metadata, { userId: actorUserId, actorUserId }));
      await requireOrganizationClientManager(ctx.auth, options, ctx.session, organizationId);
      return answeringInCatalogue(() =>
        issueClient(ctx, options, metadata, { userId: null, referenceId: organizationId, actorUserId }),
      );
    },
  });
}
