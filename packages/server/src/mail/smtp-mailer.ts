/**
 * @module Mail over SMTP through nodemailer, for production: `smtp://user:pass@host:587` or
 * `smtps://…`.
 */
import { createRequire } from 'node:module';
import type * as Nodemailer from 'nodemailer';

/** Loaded when SMTP is configured: a development server with the outbox never pays its memory. */
const load = createRequire(import.meta.url);
import { DEFAULTS } from '../auth/options';
import type { Mailer } from './mailer';

export interface SmtpMailer extends Mailer {
  close(): void;
}

export function createSmtpMailer(url: string, { from = DEFAULTS.mailFrom }: { from?: string } = {}): SmtpMailer {
  const { createTransport } = load('nodemailer') as typeof Nodemailer;
  const transport = createTransport(url);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    close: () => transport.close(),
  };
}
