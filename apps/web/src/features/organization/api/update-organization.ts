/**
 * @module POST /organization/update {organizationId, data}. The client's stores refresh the
 * organization list by themselves; this page's own queries about the organization are reloaded.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useAuthClient } from '../../../lib/auth';
import { organizationKeys } from './organization-keys';

export interface OrganizationChanges {
  name: string;
  slug: string;
  logo: string | null;
  metadata: Record<string, unknown> | null;
}

export function useUpdateOrganization(organizationId: string) {
  const client = useAuthClient();
  const queryClient = useQueryClient();
  return useCallback(
    async (data: OrganizationChanges) => {
      const result = await client.organization.update({ organizationId, data });
      if (!result.error)
        await queryClient.invalidateQueries({ queryKey: organizationKeys.organization(organizationId) });
      return result;
    },
    [client, queryClient, organizationId],
  );
}
