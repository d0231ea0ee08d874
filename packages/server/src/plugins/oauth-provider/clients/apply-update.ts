/**
 * @module An update of a client, once the caller may make it: the client as it will be is checked
 * whole (metadata.ts), written, and told.
 */
import { AuthError, emitEvent, type EventOrigin } from '../../../plugin';
import { OAUTH_PROVIDER_ERRORS } from '../errors';
import type { ResolvedOAuthProviderOptions } from '../options';
import type { OAuthClient } from './client';
import { toClientResponse } from './client-response';
import { checkClientMetadata, metadataOf, withUpdate, type ClientUpdate } from './metadata';
import { updateClientColumns } from './store';

export async function applyClientUpdate(
  ctx: EventOrigin,
  options: ResolvedOAuthProviderOptions,
  client: OAuthClient,
  update: ClientUpdate,
  who: { actorUserId: string; admin?: boolean },
): Promise<Record<string, unknown>> {
  const columns = checkClientMetadata(withUpdate(metadataOf(client), update), options.supportedScopes(ctx.auth));
  const updated = await updateClientColumns(ctx.auth, client.clientId, columns);
  if (!updated) throw new AuthError(OAUTH_PROVIDER_ERRORS.clientNotFound);
  emitEvent(ctx, 'oauth-client-updated', {
    userId: client.userId,
    organizationId: client.referenceId,
    actorUserId: who.actorUserId,
    detail: { clientId: client.clientId, fields: Object.keys(update).sort().join(' ') },
  });
  return toClientResponse(updated, { admin: who.admin });
}
