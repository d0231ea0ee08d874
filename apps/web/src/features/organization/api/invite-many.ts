/**
 * @module Several invitations from one submit: one ordinary POST /organization/invite-member per
 * address, one after another (each is checked, limited, audited and mailed as a single invitation
 * is; a batch route would have to repeat all of that), and the outcome of each: invited, already
 * a member, already invited, invalid, or the server's reason.
 */
import { useCallback } from 'react';
import type { AppError } from '../../../lib/app-error';
import { clientErrorOf } from '../../../lib/unwrap';
import { isEmailAddress } from '../lib/invitation-addresses';
import { useInviteMember, type InvitationRequest } from './invite-member';

export type InvitationOutcome =
  | { email: string; status: 'invited' | 'member' | 'alreadyInvited' | 'invalid' }
  | { email: string; status: 'failed'; error: AppError };

const OUTCOME_OF: Partial<Record<AppError['code'], InvitationOutcome['status']>> = {
  USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION: 'member',
  USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION: 'alreadyInvited',
  INVALID_EMAIL: 'invalid',
};

export function useInviteMany(organizationId: string) {
  const invite = useInviteMember(organizationId);
  return useCallback(
    async (emails: readonly string[], request: Omit<InvitationRequest, 'email' | 'resend'>) => {
      const outcomes: InvitationOutcome[] = [];
      for (const email of emails) {
        if (!isEmailAddress(email)) {
          outcomes.push({ email, status: 'invalid' });
          continue;
        }
        try {
          await invite({ ...request, email });
          outcomes.push({ email, status: 'invited' });
        } catch (cause) {
          const error = clientErrorOf(cause)!;
          const status = OUTCOME_OF[error.code];
          outcomes.push(status && status !== 'failed' ? { email, status } : { email, status: 'failed', error });
        }
      }
      return outcomes;
    },
    [invite],
  );
}
