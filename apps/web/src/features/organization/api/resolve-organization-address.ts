/**
 * @module Which organization an address names: its slug (the address the app writes), or its id
 * (addresses from before slugs, still honoured and then replaced). Read from the user's own
 * organizations (the cached GET /organization/list the list and switcher share), so opening one
 * costs no request of its own; an address naming none of them is tried as an id, and the server
 * says why it cannot be opened (not a member, not found).
 */
import { useListOrganizations } from './list-organizations';

export type OrganizationAddress =
  | { status: 'pending' }
  | { status: 'slug'; id: string }
  | { status: 'id'; id: string; slug: string }
  | { status: 'unknown'; id: string };

export function useResolveOrganizationAddress(reference: string): OrganizationAddress {
  const { data, isPending, isFetching } = useListOrganizations();
  if (isPending) return { status: 'pending' };
  const organizations = data ?? [];
  // The slug first: it is what the app links to; ids are long random strings no slug is made of.
  const bySlug = organizations.find((organization) => organization.slug === reference);
  if (bySlug) return { status: 'slug', id: bySlug.id };
  const byId = organizations.find((organization) => organization.id === reference);
  if (byId) return { status: 'id', id: byId.id, slug: byId.slug };
  // Just created or joined: the list is being reloaded (the cache rules) and will name it.
  if (isFetching) return { status: 'pending' };
  return { status: 'unknown', id: reference };
}
