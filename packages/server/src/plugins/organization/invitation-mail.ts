/**
 * @module The invitation mail: a subject, a plain-text and an HTML part, with a link to the web
 * app's invitation page (`/invitations/{id}`), where the recipient signs in and accepts. The
 * organization and inviter names are whatever someone typed: the HTML part escapes them through
 * Hono's html template, and the text part keeps the link alone on its line.
 */
import { html } from 'hono/html';

export interface InvitationMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

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

// Line breaks in a name could forge extra lines (a fake link) in the text part.
const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ').trim();
// As in the engine's templates: a user's name that looks like a link is left out, so the mail's
// only clickable link is ours.
const LINK_LIKE = /[a-z][a-z0-9+.-]*:|www\.|\.[a-z]{2,}\b/i;

export async function invitationMail(input: InvitationMailInput): Promise<InvitationMail> {
  const url = invitationUrl(input.baseOrigin, input.invitationId);
  const organization = oneLine(input.organizationName);
  const name = oneLine(input.inviterName);
  const inviter = name && !LINK_LIKE.test(name) ? `${name} (${input.inviterEmail})` : input.inviterEmail;
  const subject = `You are invited to join ${organization}`;
  const body = `${inviter} invited you to join the organization ${organization}.`;
  const footer = 'If you did not expect this invitation, you can ignore this mail.';
  const text = `Hello,\n\n${body}\n\nAccept or decline the invitation:\n${url}\n\n${footer}\n`;
  const page = await html`<!doctype html>
<html lang="en">
  <body style="font-family: system-ui, sans-serif; line-height: 1.5">
    <p>Hello,</p>
    <p>${body}</p>
    <p><a href="${url}">Accept or decline the invitation</a></p>
    <p style="color: #666; font-size: 0.9em">${footer}</p>
  </body>
</html>`;
  return { to: input.email, subject, text, html: page.toString() };
}
