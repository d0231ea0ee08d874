/**
 * @module POST /admin/oauth2/rotate-client-secret {client_id}: a new secret, in this answer only;
 * the old one stops working at once.
 */
import { useCallback } from 'react';
import { useAuthClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';
import type { AdminOAuthClient } from './admin-types';

export function useRotateOAuthClientSecret() {
  const client = useAuthClient();
  return useCallback(
    // The route answers a Response of its own (no-store): its type says nothing of the body.
    async (clientId: string) =>
      (await unwrap(client.admin.oauth2.rotateClientSecret({ client_id: clientId }))) as unknown as AdminOAuthClient,
    [client],
  );
}
