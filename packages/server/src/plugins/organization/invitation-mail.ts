/**
 * @module The invitation mail, laid out by the engine's renderMail: a link to the web app's
 * invitation page (`/invitations/{id}`), where the recipient signs in and accepts. The organization
 * and inviter names are whatever someone typed: the inviter's is shown by the engine's one rule
 * for names in mails, and the organization's is kept on one line.
 */
import { nameForMail, renderMail, type MailMessage } from '../../plugin-api';

export interface InvitationMailInput {
  invitationId: string;
  email: string;
  organizationName: string;
  inviterName: string;
  inviterEmail: string;
  /** The web app's origin (the engine's `baseOrigin`). */
  baseOrigin: string;
}

export function invitationUrl(baseOrigin: string, invitationId: string): string {
  return `${baseOrigin}/invitations/${encodeURIComponent(invitationId)}`;
}

// Line breaks in the organization's name could forge extra lines (a fake link) in the text part.
const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ').trim();

export function invitationMail(input: InvitationMailInput): Promise<MailMessage> {
  const organization = oneLine(input.organizationName);
  const name = nameForMail(input.inviterName.trim());
  const inviter = name ? `${name} (${input.inviterEmail})` : input.inviterEmail;
  return renderMail(input.email, {
    subject: `You are invited to join ${organization}`,
    greeting: 'Hello,',
    body: `${inviter} invited you to join the organization ${organization}.`,
    action: 'Accept or decline the invitation',
    url: invitationUrl(input.baseOrigin, input.invitationId),
    footer: 'If you did not expect this invitation, you can ignore this mail.',
  });
}
