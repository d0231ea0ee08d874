/**
 * @module Where the standalone server's mail goes: over SMTP when `SMTP_URL` is set; otherwise, in
 * development, to the outbox (logged, and readable at `GET /api/dev/outbox`); in production without
 * `SMTP_URL`, nowhere, and the flows that need mail say so.
 */
import { createOutboxMailer, createSmtpMailer, type Logger, type Mailer, type OutboxMailer } from '@latchkey/server';
import type { ServerConfig } from './config';

export interface ServerMail {
  readonly mailer: Mailer | undefined;
  /** Only in development without `SMTP_URL`. */
  readonly outbox: OutboxMailer | undefined;
  /** Closes the SMTP connection pool, if any. */
  close(): void;
}

export function createServerMail(
  config: Pick<ServerConfig, 'smtpUrl' | 'mailFrom' | 'production'>,
  logger: Logger,
): ServerMail {
  if (config.smtpUrl) {
    const smtp = createSmtpMailer(config.smtpUrl, { from: config.mailFrom });
    return { mailer: smtp, outbox: undefined, close: () => smtp.close() };
  }
  if (config.production) {
    // The outbox would let anyone who reaches the server read every reset link: never in production.
    logger.warn(
      {},
      'SMTP_URL is not set: no mail is sent, so e-mail verification, password reset and change e-mail are unavailable, and accounts are deleted without a confirmation mail',
    );
    return { mailer: undefined, outbox: undefined, close: () => undefined };
  }
  logger.warn(
    {},
    'SMTP_URL is not set: mail is written to this log and kept in the development outbox at GET /api/dev/outbox, which anyone who reaches this server can read',
  );
  const outbox = createOutboxMailer({ logger });
  return { mailer: outbox, outbox, close: () => undefined };
}
