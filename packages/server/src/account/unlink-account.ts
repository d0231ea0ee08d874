/**
 * @module POST /unlink-account {providerId, accountId?}: removes one of the caller's accounts
 * (without `accountId`, the first of that provider). Needs a fresh session: unlinking takes a way
 * of signing in away. The last account stays unless `account.allowUnlinkingAll` is set, since the
 * user could not sign in again.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint/define-endpoint';
import { AuthError, ERRORS } from '../endpoint/errors';
import { emitEvent } from '../events/emit-event';
import { statusResponse } from '../endpoint/responses';

const body = z.object({
  providerId: z.string().min(1).max(255),
  accountId: z.string().min(1).max(255).optional(),
});

export const unlinkAccount = defineEndpoint({
  id: 'unlinkAccount',
  method: 'POST',
  path: '/unlink-account',
  summary: "Unlink a provider's account",
  errors: [ERRORS.accountNotFound, ERRORS.cannotUnlinkLastAccount],
  response: statusResponse,
  body,
  session: 'fresh',
  credentialChange: true,
  async handler({ auth, body, session, headers, clientIp }) {
    const accounts = await auth.accounts.listByUser(session.user.id);
    const target = accounts.find(
      (a) => a.providerId === body.providerId && (body.accountId === undefined || a.accountId === body.accountId),
    );
    // Checked before the last-account rule (better-auth checks after): naming an account the user
    // does not have is the more useful answer.
    if (!target) throw new AuthError(ERRORS.accountNotFound);
    // Counted again under a lock: two parallel unlinks of the last two accounts leave one.
    const outcome = await auth.accounts.deleteUnlessLast(session.user.id, target.id, auth.options.allowUnlinkingAll);
    if (outcome === 'last') throw new AuthError(ERRORS.cannotUnlinkLastAccount);
    const userId = session.user.id;
    emitEvent({ auth, headers, clientIp }, 'account-unlinked', {
      method: target.providerId === 'credential' ? 'credential' : `social:${target.providerId}`,
      userId,
      actorUserId: userId,
    });
    return { status: true };
  },
});
