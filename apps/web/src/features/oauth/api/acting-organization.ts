/**
 * @module Which organization a grant with the `organization` scope would act for: the session's
 * active one, as the server fixes it at consent or device approval (its name from GET
 * /organization/list). Null when none is active: the application then sees only the list of
 * memberships. Asked only when the scope is requested (the scope exists only with organizations).
 */
import { useQuery } from '@tanstack/react-query';
import { useAuthClient, useSession } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';

export const ORGANIZATION_SCOPE = 'organization';

export interface ActingOrganization {
  /** Still loading while undefined; null when no organization is active. */
  readonly organization: { id: string; name: string } | null | undefined;
}

export function useActingOrganization(scopes: readonly string[]): ActingOrganization {
  const client = useAuthClient();
  const session = useSession().data;
  const activeId = session?.session.activeOrganizationId ?? null;
  const asked = scopes.includes(ORGANIZATION_SCOPE);
  const organizations = useQuery({
    queryKey: ['oauth', 'acting-organization', session?.user.id, activeId],
    queryFn: () => unwrap(client.organization.list()),
    enabled: asked && activeId !== null,
  });
  if (!asked || activeId === null) return { organization: null };
  if (organizations.isPending) return { organization: undefined };
  const active = organizations.data?.find((organization) => organization.id === activeId);
  // Unreadable or gone since: the server finds no membership to act for either.
  return { organization: active ? { id: active.id, name: active.name } : null };
}
