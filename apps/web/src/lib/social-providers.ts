/**
 * @module GET /social-providers: the sign-in providers this server has enabled, as `{id, name}`.
 * Sign-in and sign-up show a button for each, the account page a "link" button. It needs no
 * session and changes only when the server is reconfigured, so it is asked once per page load.
 */
import { useQuery } from '@tanstack/react-query';
import { useAuthClient, type AppClient } from './auth';
import { unwrap } from './unwrap';

export interface SocialProvider {
  id: string;
  /** The label the server gives it: the brand, or the generic provider's OIDC_NAME. */
  name: string;
}

export function listSocialProviders(client: AppClient): Promise<SocialProvider[]> {
  return unwrap(client.socialProviders());
}

export function useSocialProviders() {
  const client = useAuthClient();
  return useQuery({ queryKey: ['social-providers'], queryFn: () => listSocialProviders(client), staleTime: Infinity });
}
