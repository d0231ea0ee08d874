import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Logger } from '@latchkey/server';
import { startSmtpSink, type SmtpSink } from '../../../packages/server/test/support/smtp-sink';
import { createServerMail } from '../src/server-mail';

function recordingLogger() {
  const warnings: string[] = [];
  const logger: Logger = {
    info: () => undefined,
    warn: (_obj, msg) => warnings.push(msg ?? ''),
    error: () => undefined,
  };
  return { logger, warnings };
}

let sink: SmtpSink;

beforeAll(async () => {
  sink = await startSmtpSink();
});

afterAll(async () => {
  await sink.close();
});

describe('where the standalone server sends mail', () => {
  it('with SMTP_URL: over SMTP from MAIL_FROM, with no outbox and no warning', async () => {
    const { logger, warnings } = recordingLogger();
    const mail = createServerMail(
      { smtpUrl: sink.url, mailFrom: 'Acme <accounts@acme.example>', production: true },
      logger,
    );
    try {
      expect(mail.outbox).toBeUndefined();
      await mail.mailer!.send({ to: 'ada@example.com', subject: 'Hello', text: 'Hi', html: '<p>Hi</p>' });
      expect(await sink.waitFor('ada@example.com')).toMatchObject({ from: 'accounts@acme.example', subject: 'Hello' });
      expect(warnings).toEqual([]);
    } finally {
      mail.close();
    }
  });

  it('in development without SMTP_URL: the outbox, and a warning that names its route', async () => {
    const { logger, warnings } = recordingLogger();
    const mail = createServerMail({ smtpUrl: undefined, mailFrom: 'x@example.com', production: false }, logger);
    expect(mail.mailer).toBe(mail.outbox);
    await mail.mailer!.send({
      to: 'ada@example.com',
      subject: 'Hello',
      text: 'Go to http://localhost:3000/x',
      html: '',
    });
    expect(mail.outbox!.list()).toMatchObject([{ to: 'ada@example.com', links: ['http://localhost:3000/x'] }]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('GET /api/dev/outbox');
  });

  it('in production without SMTP_URL: no mailer and no outbox, and a warning that mail is off', () => {
    const { logger, warnings } = recordingLogger();
    const mail = createServerMail({ smtpUrl: undefined, mailFrom: 'x@example.com', production: true }, logger);
    expect(mail.mailer).toBeUndefined();
    expect(mail.outbox).toBeUndefined();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^SMTP_URL is not set: no mail is sent/);
  });
});
