/**
 * @module What every route that registers a client does once the caller may: check the metadata,
 * write the row with a new id and secret, tell the event, answer 201 with the secret shown once.
 */
import { emitEvent, type EventOrigin, type JsonAnswer } from '../../../plugin';
import { toClientResponse } from './client-response';
import { checkClientMetadata, type ClientMetadata } from './metadata';
import { insertClient } from './store';
import { oauthJson } from '../oauth-error';
import type { ResolvedOAuthProviderOptions } from '../options';

export async function issueClient(
  ctx: EventOrigin,
  options: ResolvedOAuthProviderOptions,
  meta: ClientMetadata,
  who: {
    userId: string | null;
    /** The organization that owns the client, for an organization's client. */
    referenceId?: string | null;
    actorUserId: string | null;
    admin?: boolean;
    method?: string;
  },
): Promise<JsonAnswer> {
  const columns = checkClientMetadata(meta, options.supportedScopes(ctx.auth));
  const referenceId = who.referenceId ?? null;
  const { client, clientSecret } = await insertClient(ctx.auth, columns, { userId: who.userId, referenceId });
  emitEvent(ctx, 'oauth-client-created', {
    userId: who.userId,
    organizationId: referenceId,
    actorUserId: who.actorUserId,
    method: who.method,
    detail: { clientId: client.clientId, tokenEndpointAuthMethod: client.tokenEndpointAuthMethod },
  });
  // no-store: the answer holds the only copy of the secret (RFC 7591 §3.2.1).
  return oauthJson(toClientResponse(client, { clientSecret, admin: who.admin }), 201);
}
