/**
 * @module POST /oauth2/delete-consent {id}: takes back what an application was allowed. The server
 * revokes the tokens it holds for the user at once; it must ask again to act for them.
 */
import { useMutation } from '@tanstack/react-query';
import { useAuthClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';

export function useRevokeConsent() {
  const client = useAuthClient();
  return useMutation({ mutationFn: (id: string) => unwrap(client.oauth2.deleteConsent({ id })) });
}
