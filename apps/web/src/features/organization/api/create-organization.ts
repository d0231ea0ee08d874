/**
 * @module POST /organization/create. The server makes the new organization the session's active
 * one; the cache rules reload the session and the organization list, so the header's switcher
 * and the list show it.
 */
import { useCallback } from 'react';
import { useAuthClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';

export interface NewOrganization {
  name: string;
  slug: string;
  /** '' for none. */
  logo: string;
}

export function useCreateOrganization() {
  const client = useAuthClient();
  return useCallback(
    ({ name, slug, logo }: NewOrganization) =>
      unwrap(client.organization.create({ name, slug, ...(logo ? { logo } : {}) })),
    [client],
  );
}
