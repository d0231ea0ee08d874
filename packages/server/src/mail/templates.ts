/**
 * @module The mails Latchkey sends: a clear subject, a plain-text and an HTML part, links built
 * from the base URL. User-supplied values are escaped by Hono's html template. In the text part the
 * link stands alone on its line: mail clients that linkify plain text then take exactly the URL, not
 * a trailing word or punctuation with it.
 */
import { html } from 'hono/html';
import type { ServerLanguage } from '../i18n/request-language';
import type { MailMessage } from './mailer';
import { MAIL_TEXTS } from './texts';

/** One mail's words; every mail Latchkey sends, plugins' too, is laid out by `renderMail`. */
/**
 * A mail carries either a link (`action` and `url`) or a code to type (`code`, a second sign-in
 * step's): never both, so that a code mail holds no link to follow.
 */
export type MailContent = {
  subject: string;
  greeting: string;
  body: string;
  footer: string;
} & ({ action: string; url: string; code?: undefined } | { code: string; action?: undefined; url?: undefined });

export async function renderMail(
  to: string,
  content: MailContent,
  language: ServerLanguage = 'en',
): Promise<MailMessage> {
  const { subject, greeting, body, footer } = content;
  const middle = content.code === undefined ? `${content.action}:\n${content.url}` : content.code;
  const text = `${greeting}\n\n${body}\n\n${middle}\n\n${footer}\n`;
  const page = await html`<!doctype html>
    <html lang="${language}">
      <body style="font-family: system-ui, sans-serif; line-height: 1.5">
        <p>${greeting}</p>
        <p>${body}</p>
        ${
          content.code === undefined
            ? html`<p><a href="${content.url}">${content.action}</a></p>`
            : html`<p style="font-size: 1.5em; font-weight: bold; letter-spacing: 0.2em">${content.code}</p>`
        }
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

const greet = (language: ServerLanguage, name: string) => MAIL_TEXTS[language].greeting(nameForMail(name));

// Each mail is in the language of the request that caused it (see i18n/request-language.ts); a
// mail sent without one, from the server's own code, is in English.
export function verificationMail(
  to: string,
  name: string,
  url: string,
  language: ServerLanguage = 'en',
): Promise<MailMessage> {
  const words = MAIL_TEXTS[language].verification;
  return renderMail(to, { ...words, greeting: greet(language, name), body: words.body(to), url }, language);
}

export function resetPasswordMail(
  to: string,
  name: string,
  url: string,
  language: ServerLanguage = 'en',
): Promise<MailMessage> {
  const words = MAIL_TEXTS[language].resetPassword;
  return renderMail(to, { ...words, greeting: greet(language, name), url }, language);
}

export function changeEmailMail(
  to: string,
  name: string,
  newEmail: string,
  url: string,
  language: ServerLanguage = 'en',
): Promise<MailMessage> {
  const words = MAIL_TEXTS[language].changeEmail;
  return renderMail(to, { ...words, greeting: greet(language, name), body: words.body(newEmail), url }, language);
}

export function deleteAccountMail(
  to: string,
  name: string,
  url: string,
  language: ServerLanguage = 'en',
): Promise<MailMessage> {
  const words = MAIL_TEXTS[language].deleteAccount;
  return renderMail(to, { ...words, greeting: greet(language, name), url }, language);
}
