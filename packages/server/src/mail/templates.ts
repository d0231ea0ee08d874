/**
 * @module The mails Latchkey sends: a clear subject, a plain-text and an HTML part, links built
 * from the base URL. User-supplied values are escaped by Hono's html template. In the text part the
 * link stands alone on its line: mail clients that linkify plain text then take exactly the URL, not
 * a trailing word or punctuation with it.
 */
import { html } from 'hono/html';
import type { MailMessage } from './mailer';

/** One mail's words; every mail Latchkey sends, plugins' too, is laid out by `renderMail`. */
export interface MailContent {
  subject: string;
  greeting: string;
  body: string;
  action: string;
  url: string;
  footer: string;
}

export async function renderMail(
  to: string,
  { subject, greeting, body, action, url, footer }: MailContent,
): Promise<MailMessage> {
  const text = `${greeting}\n\n${body}\n\n${action}:\n${url}\n\n${footer}\n`;
  const page = await html`<!doctype html>
    <html lang="en">
      <body style="font-family: system-ui, sans-serif; line-height: 1.5">
        <p>${greeting}</p>
        <p>${body}</p>
        <p><a href="${url}">${action}</a></p>
        <p style="color: #666; font-size: 0.9em">${footer}</p>
      </body>
    </html>`;
  return { to, subject, text, html: page.toString() };
}

// A name is whatever someone typed at sign-up, possibly with a victim's address: one that looks
// like a link (or spans lines, which could forge a line of the text part) is left out, so a mail
// can never carry a clickable link but ours.
const LINK_LIKE = /[a-z][a-z0-9+.-]*:|www\.|[\r\n]|\.[a-z]{2,}\b/i;

/** The user's name as a mail may show it, or '' when it must be left out. */
export function nameForMail(name: string): string {
  return LINK_LIKE.test(name) ? '' : name;
}

const greet = (name: string) => (nameForMail(name) ? `Hello ${name},` : 'Hello,');

export function verificationMail(to: string, name: string, url: string): Promise<MailMessage> {
  return renderMail(to, {
    subject: 'Verify your e-mail address',
    greeting: greet(name),
    body: `Please confirm that ${to} is your e-mail address.`,
    action: 'Verify e-mail address',
    url,
    footer: 'If you did not create an account, you can ignore this mail.',
  });
}

export function resetPasswordMail(to: string, name: string, url: string): Promise<MailMessage> {
  return renderMail(to, {
    subject: 'Reset your password',
    greeting: greet(name),
    body: 'Someone asked to reset the password of your account. The link works once, for one hour.',
    action: 'Choose a new password',
    url,
    footer: 'If it was not you, ignore this mail: your password stays as it is.',
  });
}

export function changeEmailMail(to: string, name: string, newEmail: string, url: string): Promise<MailMessage> {
  return renderMail(to, {
    subject: 'Confirm your new e-mail address',
    greeting: greet(name),
    body: `Someone asked to change the e-mail address of your account to ${newEmail}.`,
    action: 'Approve the change',
    url,
    footer: 'If it was not you, ignore this mail and change your password.',
  });
}

export function deleteAccountMail(to: string, name: string, url: string): Promise<MailMessage> {
  return renderMail(to, {
    subject: 'Confirm the deletion of your account',
    greeting: greet(name),
    body: 'Someone asked to delete your account. Once confirmed, this cannot be undone. The link works for 24 hours.',
    action: 'Delete my account',
    url,
    footer: 'If it was not you, ignore this mail and change your password.',
  });
}
