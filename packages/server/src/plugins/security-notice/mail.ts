/**
 * @module A notice's mail: what happened, when (UTC), from which device and address, and the
 * "this wasn't me" link, laid out by the engine's renderMail in the user's language.
 */
import { nameForMail, renderMail, type MailMessage, type ServerLanguage } from '../../plugin';
import type { SecurityNotice } from './options';
import { NOTICE_TEXTS } from './texts';

export interface NoticeFacts {
  readonly at: Date;
  readonly userAgent?: string | null | undefined;
  readonly ipAddress?: string | null | undefined;
}

// The user agent is the client's to write: kept short and on one line, so it cannot forge lines
// of the text part, and stripped of what would make it a link.
function deviceOf(userAgent: string | null | undefined, unknown: string): string {
  const cleaned = (userAgent ?? '')
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/[a-z][a-z0-9+.-]*:\/\//gi, '')
    .trim();
  return cleaned === '' ? unknown : cleaned.slice(0, 200);
}

export function noticeMail(
  to: string,
  name: string,
  notice: SecurityNotice,
  facts: NoticeFacts,
  url: string,
  language: ServerLanguage,
): Promise<MailMessage> {
  const words = NOTICE_TEXTS[language];
  const { subject, body } = words.notices[notice];
  const when = `${facts.at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const details = words.details(when, deviceOf(facts.userAgent, words.unknown), facts.ipAddress ?? words.unknown);
  return renderMail(
    to,
    {
      subject,
      greeting: words.greeting(nameForMail(name)),
      body: `${body} ${details}`,
      action: words.action,
      url,
      footer: words.footer,
    },
    language,
  );
}
