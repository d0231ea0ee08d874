/**
 * @module POST /organization/add-member {userId, role, organizationId?, teamId?}: server-only (as
 * better-auth, only `auth.api.addMember` reaches it), so the caller is the application itself and
 * no permission is checked. A session in the given headers only supplies the active organization.
 * Every role must exist (400 `Role not found`); the user must exist and not be a member yet; the
 * organization must be under its membership limit (403). Answers the member row.
 */
import { z } from 'zod';
import {
  AuthError,
  DEFAULTS,
  ERRORS,
  defineEndpoint,
  emitEvent,
  randomString,
  readCurrentSession,
} from '../../../plugin';
import { ORGANIZATION_ERRORS } from '../errors';
import { toStoredMemberRole } from '../member-roles';
import { createMembership } from '../store/membership-changes';
import { findMember, organizationIdOf } from '../membership';
import type { ResolvedOrganizationOptions } from '../options';
import { findOrganization } from '../store/organizations';
import { requireTeamIn } from '../store/teams';
import { memberResponse } from '../responses';

const roleField = z.union([z.string().min(1).max(255), z.array(z.string().min(1).max(255)).min(1).max(32)]);

const body = z.object({
  userId: z.string().min(1),
  role: roleField,
  organizationId: z.string().min(1).optional(),
  teamId: z.string().min(1).optional(),
});

export function addMember(options: ResolvedOrganizationOptions) {
  return defineEndpoint({
    id: 'addMember',
    method: 'POST',
    path: '/organization/add-member',
    summary: 'Add a member directly',
    response: memberResponse,
    errors: [
      ORGANIZATION_ERRORS.noActiveOrganization,
      ORGANIZATION_ERRORS.organizationNotFound,
      ERRORS.userNotFound,
      ORGANIZATION_ERRORS.alreadyAMember,
    ],
    body,
    session: 'none',
    serverOnly: true,
    async handler({ auth, body, requestCookies, cookies, headers, clientIp }) {
      const current = body.organizationId ? null : await readCurrentSession(auth, requestCookies, cookies);
      const organizationId = body.organizationId ?? (current ? organizationIdOf(current, undefined) : null);
      if (!organizationId) throw new AuthError(ORGANIZATION_ERRORS.noActiveOrganization);
      const role = toStoredMemberRole(options, body.role);
      const organization = await findOrganization(auth, { id: organizationId });
      if (!organization) throw new AuthError(ORGANIZATION_ERRORS.organizationNotFound);
      // The catalogue's one entry for a missing user (404), where better-auth answers 400.
      if (!(await auth.users.findById(body.userId))) throw new AuthError(ERRORS.userNotFound);
      if (await findMember(auth, organizationId, body.userId)) throw new AuthError(ORGANIZATION_ERRORS.alreadyAMember);
      if (body.teamId) {
        await requireTeamIn(auth, body.teamId, organizationId);
      }

      const now = auth.now();
      const member = {
        id: randomString(DEFAULTS.idLength),
        organizationId,
        userId: body.userId,
        role,
        teamId: body.teamId ?? null,
        createdAt: now,
      };
      // The team was checked above; a parallel add of the same user loses to the unique index, and
      // the membership limit is counted behind the organization's lock (403 once it is full).
      await createMembership(auth, member, body.teamId, options.membershipLimit);
      emitEvent({ auth, headers, clientIp }, 'member-added', {
        method: 'add-member',
        userId: member.userId,
        actorUserId: current?.user.id ?? null,
        organizationId,
        detail: { role },
      });
      return member;
    },
  });
}
