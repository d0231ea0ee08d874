/**
 * @module Mail over SMTP through nodemailer, for production: `smtp://user:pass@host:587` or
 * `smtps://…`.
 */
import { createTransport } from 'nodemailer';
import { DEFAULTS } from '../options';
import type { Mailer } from './mailer';

export interface SmtpMailer extends Mailer {
  close(): void;
}

export function createSmtpMailer(url: string, { from = DEFAULTS.mailFrom }: { from?: string } = {}): SmtpMailer {
  const transport = createTransport(url);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    close: () => transport.close(),
  };
}
