/**
 * @module POST /admin/oauth2/create-client: registers an application with the admin-only fields
 * (skip consent, end session, machine scopes). The answer carries the secret, the only time it is
 * shown; it is handed to the page and never cached.
 */
import type { AppClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';
import type { AdminOAuthClient, CreateOAuthClientBody } from './admin-types';

export async function createOAuthClient(client: AppClient, body: CreateOAuthClientBody): Promise<AdminOAuthClient> {
  // The route answers a Response of its own (201, no-store): its type says nothing of the body.
  return (await unwrap(client.admin.oauth2.createClient(body))) as unknown as AdminOAuthClient;
}
