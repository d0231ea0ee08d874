/**
 * @module The invitation mail, laid out by the engine's renderMail: a link to the web app's
 * invitation page (`/invitations/{id}`), where the recipient signs in and accepts. The organization
 * and inviter names are whatever someone typed: the inviter's is shown by the engine's one rule
 * for names in mails, and the organization's is kept on one line.
 */
import { nameForMail, renderMail, type MailMessage, type ServerLanguage } from '../../plugin';
import { INVITATION_MAIL_TEXTS } from './invitation-mail-texts';

export interface InvitationMailInput {
  invitationId: string;
  email: string;
  organizationName: string;
  inviterName: string;
  inviterEmail: string;
  /** The web app's origin (the engine's `baseOrigin`). */
  baseOrigin: string;
  /** The inviter's language (invitation-mail-texts.ts says why); English when not given. */
  language?: ServerLanguage;
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
  const language = input.language ?? 'en';
  const words = INVITATION_MAIL_TEXTS[language];
  return renderMail(
    input.email,
    {
      subject: words.subject(organization),
      greeting: words.greeting,
      body: words.body(inviter, organization),
      action: words.action,
      url: invitationUrl(input.baseOrigin, input.invitationId),
      footer: words.footer,
    },
    language,
  );
}
