/**
 * @module POST /organization/set-active {organizationId?: string | null, organizationSlug?}: makes
 * an organization the session's active one and answers it in full (get-full-organization's shape).
 * `null` clears it and answers null; neither given answers the current active one (or null), as
 * better-auth 1.7. A caller who is not a member gets 403 and loses their active organization
 * (SPEC §4: an attempt by a non-member clears it).
 */
import { z } from 'zod';
import { AuthError, defineEndpoint } from '../../../plugin-api';
import { ORGANIZATION_ERRORS } from '../errors';
import { findMember } from '../membership';
import type { ResolvedOrganizationOptions } from '../options';
import { findOrganization, loadFullOrganization, refusalKeepingCookieCache, setSessionActiveOrganization } from '../organization-store';

const body = z.object({
  organizationId: z.string().min(1).nullable().optional(),
  organizationSlug: z.string().min(1).optional(),
});

export function setActiveOrganization(options: ResolvedOrganizationOptions) {
  return defineEndpoint({
    id: 'setActiveOrganization',
    method: 'POST',
    path: '/organization/set-active',
    body,
    session: 'required',
    async handler({ auth, body, session, cookies }) {
      if (body.organizationId === null) {
        await setSessionActiveOrganization(auth, session, cookies, null);
        return null;
      }
      const active = session.session.activeOrganizationId as string | null | undefined;
      const by =
        body.organizationId !== undefined ? { id: body.organizationId }
        : body.organizationSlug !== undefined ? { slug: body.organizationSlug }
        : active ? { id: active }
        : null;
      if (!by) return null;
      const organization = await findOrganization(auth, by);
      if (!organization) throw new AuthError(ORGANIZATION_ERRORS.organizationNotFound);
      if (!(await findMember(auth, organization.id, session.user.id))) {
        await setSessionActiveOrganization(auth, session, cookies, null);
        throw refusalKeepingCookieCache(auth, ORGANIZATION_ERRORS.notAMember, cookies);
      }
      await setSessionActiveOrganization(auth, session, cookies, organization.id);
      return loadFullOrganization(auth, options, organization);
    },
  });
}
