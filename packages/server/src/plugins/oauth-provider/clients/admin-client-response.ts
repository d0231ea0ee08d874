/**
 * @module A client as the admin console's routes answer it: the management answer with the
 * admin-only fields (client_credentials_scopes) and its owner's name and e-mail, so the list needs
 * no second call per row. A deleted owner, or a client registered without one, is `owner: null`.
 */
import { z } from 'zod';
import type { UserSummary } from './admin-queries';
import type { OAuthClient } from './client';
import { clientResponse, toClientResponse } from './client-response';

export const userSummaryResponse = z.object({ id: z.string(), name: z.string(), email: z.string() });

export const adminClientResponse = clientResponse.extend({ owner: userSummaryResponse.nullable() });

export function toAdminClientResponse(
  client: OAuthClient,
  users: ReadonlyMap<string, UserSummary>,
  extra: { clientSecret?: string } = {},
): Record<string, unknown> {
  const owner = client.userId ? users.get(client.userId) : undefined;
  return {
    ...toClientResponse(client, { ...extra, admin: true }),
    owner: owner ? { id: owner.id, name: owner.name, email: owner.email } : null,
  };
}
