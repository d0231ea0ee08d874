import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../../test/support/smtp-sink';
import { DEFAULTS } from '../auth/options';
import { createSmtpMailer } from './smtp-mailer';
import { verificationMail } from './templates';

let sink: SmtpSink;

beforeAll(async () => {
  sink = await startSmtpSink();
});

afterAll(async () => {
  await sink.close();
});

describe('SMTP mailer', () => {
  it('delivers both parts over SMTP from the configured sender', async () => {
    const mailer = createSmtpMailer(sink.url, { from: 'Acme Accounts <accounts@acme.example>' });
    try {
      const message = await verificationMail(
        'ada@example.com',
        'Ada <3',
        'https://auth.example.com/api/auth/verify-email?token=t1',
      );
      await mailer.send(message);
      const received = await sink.waitFor('ada@example.com');
      expect(received).toMatchObject({
        from: 'accounts@acme.example',
        to: ['ada@example.com'],
        subject: message.subject,
        links: ['https://auth.example.com/api/auth/verify-email?token=t1'],
      });
      expect(received.text.trim()).toBe(message.text.trim());
      expect(received.html).toContain('Hello Ada &lt;3,');
    } finally {
      mailer.close();
    }
  });

  it('sends from the default sender when none is configured', async () => {
    const mailer = createSmtpMailer(sink.url);
    try {
      await mailer.send({ to: 'grace@example.com', subject: 'Hi', text: 'plain', html: '<p>rich</p>' });
      const received = await sink.waitFor('grace@example.com');
      expect(DEFAULTS.mailFrom).toContain(`<${received.from}>`);
      expect(received.html).toContain('<p>rich</p>');
    } finally {
      mailer.close();
    }
  });

  it('rejects the send when no SMTP server answers, so the caller can report the failure', async () => {
    // Port 1 on loopback: nothing listens there, so the connection is refused at once.
    const mailer = createSmtpMailer('smtp://127.0.0.1:1');
    try {
      await expect(mailer.send({ to: 'x@example.com', subject: 's', text: 't', html: 'h' })).rejects.toThrow();
    } finally {
      mailer.close();
    }
  });
});
