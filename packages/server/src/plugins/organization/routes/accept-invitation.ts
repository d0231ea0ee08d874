/**
 * @module POST /organization/accept-invitation {invitationId}: the recipient joins the organization
 * with the invited role (and team), and it becomes the session's active organization. Only a
 * pending, unexpired invitation to the caller's own, verified e-mail can be accepted.
 * Answers {invitation, member}.
 */
import { z } from 'zod';
import {
  AuthError,
  DEFAULTS,
  defineEndpoint,
  randomString,
  setCookieCache,
  type AuthContext,
  type CurrentSession,
  type EndpointContext,
} from '../../../plugin-api';
import { ORGANIZATION_ERRORS } from '../errors';
import { findInvitation, isOpen, settleInvitation, type Invitation } from '../invitation-store';
import { countMembers, insertMember } from '../member-store';
import { findMember, type Member } from '../membership';
import type { ResolvedOrganizationOptions } from '../options';
import { updateSessionActiveOrganization } from '../organization-store';
import { organizationDb } from '../tables';

const body = z.object({ invitationId: z.string().min(1) });

/**
 * One transaction: the status change is conditional on `pending`, so of concurrent accepts only
 * one gets past it (the others wait on the row and then find it accepted), and the unique
 * (organizationId, userId) index refuses a second membership however it is reached.
 */
async function joinOrganization(auth: AuthContext, invitation: Invitation, userId: string): Promise<Member & { createdAt: Date }> {
  const now = auth.now();
  const member = {
    id: randomString(DEFAULTS.idLength),
    organizationId: invitation.organizationId,
    userId,
    role: invitation.role ?? DEFAULTS.defaultMemberRole,
    teamId: invitation.teamId,
    createdAt: now,
  };
  return organizationDb(auth)
    .transaction()
    .execute(async (trx) => {
      if (!(await settleInvitation(trx, invitation.id, 'accepted'))) throw new AuthError(ORGANIZATION_ERRORS.invitationNotFound);
      // A team removed since the invitation leaves the membership standing, without it.
      await insertMember(trx, member, invitation.teamId);
      return member;
    });
}

/** The session row, and the cookie cache so get-session shows the change at once. */
async function activateOrganization(ctx: EndpointContext<unknown, unknown, 'required'>, organizationId: string): Promise<void> {
  const { auth, cookies, session: current } = ctx;
  await updateSessionActiveOrganization(auth, current.session.id, organizationId);
  const session = { ...current.session, activeOrganizationId: organizationId };
  if (auth.options.session.cookieCache.enabled) setCookieCache(auth, cookies, current.token, session, current.user);
}

/** The checks better-auth makes, in its order; each refusal names its catalogue entry. */
async function requireAcceptable(auth: AuthContext, options: ResolvedOrganizationOptions, invitation: Invitation | null, current: CurrentSession): Promise<Invitation> {
  if (!invitation || !isOpen(invitation, auth.now())) throw new AuthError(ORGANIZATION_ERRORS.invitationNotFound);
  if (invitation.email !== current.user.email.toLowerCase()) throw new AuthError(ORGANIZATION_ERRORS.notTheRecipient);
  // Anyone can register an unverified account under the invitee's address: only proof of the
  // mailbox makes the signed-in user the person who was invited.
  if (!current.user.emailVerified) throw new AuthError(ORGANIZATION_ERRORS.emailNotVerifiedForInvitation);
  const { organizationId } = invitation;
  if (!(await findMember(auth, organizationId, invitation.inviterId))) throw new AuthError(ORGANIZATION_ERRORS.inviterNoLongerMember);
  if (await findMember(auth, organizationId, current.user.id)) throw new AuthError(ORGANIZATION_ERRORS.alreadyAMember);
  if ((await countMembers(auth, organizationId)) >= options.membershipLimit) throw new AuthError(ORGANIZATION_ERRORS.membershipLimitReached);
  return invitation;
}

export function acceptInvitation(options: ResolvedOrganizationOptions) {
  return defineEndpoint({
    id: 'acceptInvitation',
    method: 'POST',
    path: '/organization/accept-invitation',
    body,
    session: 'required',
    async handler(ctx) {
      const { auth, body, session } = ctx;
      const invitation = await requireAcceptable(auth, options, await findInvitation(auth, body.invitationId), session);
      const member = await joinOrganization(auth, invitation, session.user.id);
      await activateOrganization(ctx, invitation.organizationId);
      return { invitation: { ...invitation, status: 'accepted' }, member };
    },
  });
}
