/**
 * @module POST /organization/invite-member {email, role, organizationId, teamId?, resend?}: the
 * server mails the invitation link. A second invitation to an address with one still open is
 * refused (USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION) unless `resend`, which extends the open
 * one and mails it again — that is the list's "Resend".
 */
import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useAuthClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';

export interface InvitationRequest {
  email: string;
  role: string;
  /** '' or null for no team. */
  teamId?: string | null;
  resend?: boolean;
}

export function useInviteMember(organizationId: string) {
  const client = useAuthClient();
  return useCallback(
    ({ email, role, teamId, resend }: InvitationRequest) =>
      unwrap(
        client.organization.inviteMember({
          email,
          role,
          organizationId,
          ...(teamId ? { teamId } : {}),
          ...(resend ? { resend: true } : {}),
        }),
      ),
    [client, organizationId],
  );
}

export function useResendInvitation(organizationId: string) {
  const invite = useInviteMember(organizationId);
  return useMutation({
    mutationFn: (invitation: Omit<InvitationRequest, 'resend'>) => invite({ ...invitation, resend: true }),
  });
}
