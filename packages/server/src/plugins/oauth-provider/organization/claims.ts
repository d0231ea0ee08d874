/**
 * @module The `organization` scope (supported while a plugin keeps organizations, asked through the
 * contract's `userOrganizations`): which organization a grant acts for, fixed at authorization, and
 * the claims the ID token, UserInfo, JWT access tokens and introspection carry for it.
 *
 * better-auth's oauth-provider defines no organization claims (it leaves them to
 * `customIdTokenClaims`), so the names are ours, short like OIDC's and as Auth0 spells the first two:
 * `org_id`, `org_slug`, `org_name`, `org_role` (the organization the grant acts for, the user's role
 * there as stored: several roles comma-separated) and `organizations` (every membership, as
 * `{id, slug, name, role}`). They are read when the token is issued or the claims asked for, not
 * copied from the authorization: a member removed since keeps no `org_*` claims and no longer lists
 * the organization (docs/decisions.md, "OAuth provider").
 */
import { userOrganizations, type CurrentSession, type PluginHost } from '../../../plugin';
import { ORGANIZATION_SCOPE } from '../options';

export const ORGANIZATION_CLAIMS = ['org_id', 'org_slug', 'org_name', 'org_role', 'organizations'];

/**
 * The organization a grant of `scopes` acts for (the authorization's `referenceId`): the session's
 * active organization when `organization` is granted, else none, so that consents to clients that
 * never ask for it are not split by whichever organization happened to be active.
 */
export async function grantReference(
  auth: PluginHost,
  current: CurrentSession,
  scopes: readonly string[],
): Promise<string | null> {
  if (!scopes.includes(ORGANIZATION_SCOPE)) return null;
  const facts = await userOrganizations(auth, current.user.id, current);
  return facts?.active?.id ?? null;
}

/** The `organization` scope's claims of `userId`, the grant acting for `referenceId`; none without that scope. */
export async function organizationClaims(
  auth: PluginHost,
  userId: string | null,
  referenceId: string | null,
  scopes: readonly string[],
): Promise<Record<string, unknown>> {
  if (userId === null || !scopes.includes(ORGANIZATION_SCOPE)) return {};
  const facts = await userOrganizations(auth, userId);
  if (!facts) return {};
  const acting = referenceId === null ? undefined : facts.memberships.find((m) => m.id === referenceId);
  return {
    ...(acting ? { org_id: acting.id, org_slug: acting.slug, org_name: acting.name, org_role: acting.role } : {}),
    organizations: facts.memberships.map(({ id, slug, name, role }) => ({ id, slug, name, role })),
  };
}
