/**
 * @module POST /admin/oauth2/update-client {client_id, update}: changes any application's
 * settings, the admin-only ones included; not its type (the authentication method) nor its secret.
 */
import type { AppClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';
import type { UpdateOAuthClientBody } from './admin-types';

export function updateOAuthClient(client: AppClient, body: UpdateOAuthClientBody) {
  return unwrap(client.admin.oauth2.updateClient(body));
}
