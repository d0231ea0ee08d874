/**
 * @module What a signed-out invitee's sign-in and sign-up screens say about the invitation they
 * came from (GET /organization/invitation-preview?id, public: the id is the mailed capability).
 * The invitation page's path in `redirectTo` names it; any other return address names none.
 */
import { useQuery } from '@tanstack/react-query';
import { useAuthClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';

const INVITATION_PAGE = /^\/invitations\/([^/?#]+)$/;

/** The invitation id in a return address that is the invitation page, else null. */
export function invitationIdOf(returnTo: string): string | null {
  const match = INVITATION_PAGE.exec(returnTo);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}

/** The preview, or undefined while it loads and when the invitation is gone (nothing is shown then). */
export function useInvitationPreview(returnTo: string) {
  const client = useAuthClient();
  const id = invitationIdOf(returnTo);
  const query = useQuery({
    queryKey: ['auth', 'invitation-preview', id],
    queryFn: () => unwrap(client.organization.invitationPreview({ query: { id: id ?? '' } })),
    enabled: id !== null,
    // A gone invitation stays gone; the invitation page explains it after sign-in.
    retry: false,
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: false,
  });
  return id === null ? undefined : query.data;
}

export type InvitationPreview = NonNullable<ReturnType<typeof useInvitationPreview>>;
