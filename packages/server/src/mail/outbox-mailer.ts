/**
 * @module The development outbox: no SMTP server needed. Each mail is written to the log with its
 * links and kept in a bounded list (newest first) that the web app shows, so a newcomer can finish
 * a sign-up on a fresh clone. Never for production: the standalone server refuses it there.
 */
import { randomString } from '../crypto/random';
import { DEFAULTS, type Logger } from '../auth/options';
import type { MailMessage, Mailer } from './mailer';

export interface OutboxMail extends MailMessage {
  id: string;
  sentAt: Date;
  /** The links in the text part, so a person or a test can follow them. */
  links: string[];
}

export interface OutboxMailer extends Mailer {
  /** Newest first; a copy, so a caller cannot change what the outbox keeps. */
  list(): readonly OutboxMail[];
}

export function createOutboxMailer({
  logger,
  size = DEFAULTS.outboxSize,
}: { logger?: Logger; size?: number } = {}): OutboxMailer {
  const mails: OutboxMail[] = [];
  return {
    async send(message) {
      const mail: OutboxMail = {
        ...message,
        id: randomString(16),
        sentAt: new Date(),
        links: message.text.match(/https?:\/\/[^\s<>"]+/g) ?? [],
      };
      mails.unshift(mail);
      mails.length = Math.min(mails.length, size);
      logger?.info({ to: mail.to, subject: mail.subject, links: mail.links }, 'Mail kept in the development outbox');
    },
    list: () => [...mails],
  };
}
