/**
 * @module POST /organization/remove-team {teamId, organizationId}. The organization's last team
 * stays: the server answers UNABLE_TO_REMOVE_LAST_TEAM. The server also refuses to remove the
 * caller's own active team (as better-auth does, for clients that work inside a team); this app
 * never works inside one, and creating an organization makes its default team active, so a
 * confirmed removal of that team unsets it first.
 */
import { useMutation } from '@tanstack/react-query';
import { useAuthClient, useSession } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';

export function useRemoveTeam(organizationId: string) {
  const client = useAuthClient();
  const { data: session } = useSession();
  const activeTeamId = session?.session.activeTeamId ?? null;
  return useMutation({
    mutationFn: async (teamId: string) => {
      if (activeTeamId === teamId) await unwrap(client.organization.setActiveTeam({ teamId: null }));
      return unwrap(client.organization.removeTeam({ teamId, organizationId }));
    },
  });
}
