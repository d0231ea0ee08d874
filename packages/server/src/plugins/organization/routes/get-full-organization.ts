/**
 * @module GET /organization/get-full-organization?organizationId&organizationSlug: the given (else
 * the active) organization with its members (each with user {id, name, email, image}),
 * invitations, and teams when enabled. No organization given and none active answers null, as
 * better-auth 1.7; an unknown one 400 `Organization not found`; a caller who is not a member 403,
 * and their active organization is cleared (SPEC §4).
 */
import { z } from 'zod';
import { AuthError, defineEndpoint } from '../../../plugin-api';
import { ORGANIZATION_ERRORS } from '../errors';
import { findMember } from '../membership';
import type { ResolvedOrganizationOptions } from '../options';
import { findOrganization, loadFullOrganization, refusalKeepingCookieCache, setSessionActiveOrganization } from '../organization-store';

const query = z.object({
  organizationId: z.string().min(1).optional(),
  organizationSlug: z.string().min(1).optional(),
});

export function getFullOrganization(options: ResolvedOrganizationOptions) {
  return defineEndpoint({
    id: 'getFullOrganization',
    method: 'GET',
    path: '/organization/get-full-organization',
    query,
    session: 'required',
    // Membership decides what is shown: the active organization must not come from a stale cache.
    sessionFromDatabase: true,
    async handler({ auth, query, session, cookies }) {
      const active = session.session.activeOrganizationId as string | null | undefined;
      const by =
        query.organizationId !== undefined ? { id: query.organizationId }
        : query.organizationSlug !== undefined ? { slug: query.organizationSlug }
        : active ? { id: active }
        : null;
      if (!by) return null;
      const organization = await findOrganization(auth, by);
      if (!organization) throw new AuthError(ORGANIZATION_ERRORS.organizationNotFound);
      if (!(await findMember(auth, organization.id, session.user.id))) {
        await setSessionActiveOrganization(auth, session, cookies, null);
        throw refusalKeepingCookieCache(auth, ORGANIZATION_ERRORS.notAMember, cookies);
      }
      return loadFullOrganization(auth, options, organization);
    },
  });
}
