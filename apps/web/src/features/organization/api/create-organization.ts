/**
 * @module POST /organization/create. The server makes the new organization the session's active
 * one; the client's stores refresh the organization list by themselves, but not the session, so
 * it is reloaded here for the header's switcher.
 */
import { useCallback } from 'react';
import { useAuth } from '../../../lib/auth';

export interface NewOrganization {
  name: string;
  slug: string;
  /** '' for none. */
  logo: string;
}

export function useCreateOrganization() {
  const { client, hooks } = useAuth();
  return useCallback(
    async ({ name, slug, logo }: NewOrganization) => {
      const result = await client.organization.create({ name, slug, ...(logo ? { logo } : {}) });
      if (!result.error) hooks.stores.session.invalidate();
      return result;
    },
    [client, hooks],
  );
}
