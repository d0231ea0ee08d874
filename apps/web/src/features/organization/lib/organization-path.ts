/**
 * @module The web app's address of an organization and its sections: by slug, which people read
 * and share (`/organizations/acme/members`). Old addresses by id still open the organization and
 * are replaced by this one (organization-page.tsx).
 */
export function organizationPath(organization: { slug: string }, section?: string): string {
  const base = `/organizations/${encodeURIComponent(organization.slug)}`;
  return section ? `${base}/${section}` : base;
}
