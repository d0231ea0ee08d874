/**
 * @module The link an invitation mail carries (`/invitations/{id}` on the web app, as the server's
 * invitation-mail.ts writes it), for an inviter to pass on by other means. It is no key: only the
 * invited address, signed in and verified, can accept through it.
 */
export function invitationLink(origin: string, invitationId: string): string {
  return `${origin}/invitations/${encodeURIComponent(invitationId)}`;
}
