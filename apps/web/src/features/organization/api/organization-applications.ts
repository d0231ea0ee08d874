/**
 * @module The OAuth applications an organization owns, for its owners and admins (the server asks
 * the organization's roles: `organization: update`): the list (GET /oauth2/get-clients with
 * `organization_id`, without secrets), registering one (POST /oauth2/create-client with
 * `organization_id`: the answer holds the secret, the only time it is shown) and deleting one.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useAuthClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';
import { organizationKeys } from './organization-keys';

export function useOrganizationApplications(organizationId: string, enabled: boolean) {
  const client = useAuthClient();
  return useQuery({
    queryKey: organizationKeys.applications(organizationId),
    queryFn: () => unwrap(client.oauth2.getClients({ query: { organization_id: organizationId } })),
    enabled,
  });
}

export type OrganizationApplication = NonNullable<ReturnType<typeof useOrganizationApplications>['data']>[number];

export interface NewApplication {
  name: string;
  redirectUri: string;
}

export function useCreateApplication(organizationId: string) {
  const client = useAuthClient();
  return useCallback(
    ({ name, redirectUri }: NewApplication) =>
      unwrap(
        client.oauth2.createClient({
          client_name: name,
          redirect_uris: [redirectUri],
          token_endpoint_auth_method: 'client_secret_basic',
          organization_id: organizationId,
        }),
      ),
    [client, organizationId],
  );
}

export function useDeleteApplication() {
  const client = useAuthClient();
  return useMutation({
    mutationFn: (clientId: string) => unwrap(client.oauth2.deleteClient({ client_id: clientId })),
  });
}
