/**
 * @module The OAuth applications an organization owns, for its owners and admins (the server asks
 * the organization's roles: `organization: update`): the list (GET /oauth2/get-clients with
 * `organization_id`, without secrets), registering one (POST /oauth2/create-client with
 * `organization_id`: the answer holds the secret, the only time it is shown), changing one (POST
 * /oauth2/update-client), rotating its secret (POST /oauth2/client/rotate-secret) and deleting one.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { RegisteredClient } from '../../../components/oauth-application/application-form-values';
import { useAuthClient, type AppClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';
import { organizationKeys } from './organization-keys';

export interface OrganizationApplication {
  clientId: string;
  name: string | null;
  /** The record as registered, for the edit form. */
  registered: RegisteredClient;
}

/** A registered client as the server answers it (a loose RFC 7591 record), read into known fields. */
function applicationOf(answer: unknown): OrganizationApplication {
  const record = (answer ?? {}) as Record<string, unknown>;
  const name = typeof record.client_name === 'string' && record.client_name.trim() ? record.client_name : null;
  const registered: RegisteredClient = {
    ...record,
    token_endpoint_auth_method: String(record.token_endpoint_auth_method ?? ''),
    grant_types: stringsOf(record.grant_types),
    redirect_uris: stringsOf(record.redirect_uris),
  };
  return { clientId: String(record.client_id), name, registered };
}

const stringsOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

export function useOrganizationApplications(organizationId: string, enabled: boolean) {
  const client = useAuthClient();
  return useQuery({
    queryKey: organizationKeys.applications(organizationId),
    queryFn: async () =>
      (await unwrap(client.oauth2.getClients({ query: { organization_id: organizationId } }))).map(applicationOf),
    enabled,
  });
}

/** A new application's credentials: the secret is in this answer only. */
export interface IssuedApplication {
  clientId: string;
  clientSecret: string;
}

export interface NewApplication {
  name: string;
  redirectUri: string;
}

export function useCreateApplication(organizationId: string) {
  const client = useAuthClient();
  return useCallback(
    async ({ name, redirectUri }: NewApplication): Promise<IssuedApplication> => {
      // The route answers its RFC 7591 record as a raw response (no-store), typed as such.
      const answer = (await unwrap(
        client.oauth2.createClient({
          client_name: name,
          redirect_uris: [redirectUri],
          token_endpoint_auth_method: 'client_secret_basic',
          organization_id: organizationId,
        }),
      )) as unknown as Record<string, unknown>;
      return { clientId: String(answer.client_id), clientSecret: String(answer.client_secret ?? '') };
    },
    [client, organizationId],
  );
}

export function useDeleteApplication() {
  const client = useAuthClient();
  return useMutation({
    mutationFn: (clientId: string) => unwrap(client.oauth2.deleteClient({ client_id: clientId })),
  });
}

export type ApplicationUpdate = Parameters<AppClient['oauth2']['updateClient']>[0]['update'];

export function useUpdateApplication(organizationId: string) {
  const client = useAuthClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ clientId, update }: { clientId: string; update: ApplicationUpdate }) =>
      unwrap(client.oauth2.updateClient({ client_id: clientId, update })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationKeys.applications(organizationId) }),
  });
}

/** A new secret, in this answer only; the old one stops working at once. */
export function useRotateApplicationSecret() {
  const client = useAuthClient();
  return useCallback(
    // The route answers a Response of its own (no-store): its type says nothing of the body.
    async (clientId: string) =>
      (await unwrap(client.oauth2.client.rotateSecret({ client_id: clientId }))) as unknown as {
        client_secret?: unknown;
      },
    [client],
  );
}
