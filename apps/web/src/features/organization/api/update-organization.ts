/**
 * @module POST /organization/update {organizationId, data}. The cache rules reload the
 * organization list and this page's own queries about the organization.
 */
import { useCallback } from 'react';
import { useAuthClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';

export interface OrganizationChanges {
  name: string;
  slug: string;
  logo: string | null;
  metadata: Record<string, unknown> | null;
}

export function useUpdateOrganization(organizationId: string) {
  const client = useAuthClient();
  return useCallback(
    (data: OrganizationChanges) => unwrap(client.organization.update({ organizationId, data })),
    [client, organizationId],
  );
}
