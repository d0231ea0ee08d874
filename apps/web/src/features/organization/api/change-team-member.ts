/**
 * @module POST /organization/add-team-member and /remove-team-member {teamId, userId}: puts an
 * organization member into a team or takes them out (they stay in the organization). The server
 * acts on the session's active organization only, so the Teams tab offers these there only.
 */
import { useMutation } from '@tanstack/react-query';
import { useAuthClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';

export interface TeamMemberChange {
  teamId: string;
  userId: string;
}

export function useAddTeamMember() {
  const client = useAuthClient();
  return useMutation({
    mutationFn: ({ teamId, userId }: TeamMemberChange) => unwrap(client.organization.addTeamMember({ teamId, userId })),
  });
}

export function useRemoveTeamMember() {
  const client = useAuthClient();
  return useMutation({
    mutationFn: ({ teamId, userId }: TeamMemberChange) =>
      unwrap(client.organization.removeTeamMember({ teamId, userId })),
  });
}
