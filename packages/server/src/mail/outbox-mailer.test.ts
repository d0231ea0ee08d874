import { describe, expect, it } from 'vitest';
import type { Logger } from '../auth/options';
import { createOutboxMailer } from './outbox-mailer';
import { resetPasswordMail } from './templates';

function recordingLogger() {
  const lines: { level: string; obj: object; msg?: string }[] = [];
  const logger: Logger = {
    info: (obj, msg) => lines.push({ level: 'info', obj, msg }),
    warn: (obj, msg) => lines.push({ level: 'warn', obj, msg }),
    error: (obj, msg) => lines.push({ level: 'error', obj, msg }),
  };
  return { logger, lines };
}

const mail = (n: number) => ({ to: `u${n}@example.com`, subject: `Mail ${n}`, text: `text ${n}`, html: `<p>${n}</p>` });

describe('development outbox', () => {
  it('keeps each mail with an id, the time it was sent and its parts, newest first', async () => {
    const outbox = createOutboxMailer();
    const before = Date.now();
    await outbox.send(mail(1));
    await outbox.send(mail(2));
    const [newest, oldest] = outbox.list();
    expect(outbox.list()).toHaveLength(2);
    expect(newest).toMatchObject({
      to: 'u2@example.com',
      subject: 'Mail 2',
      text: 'text 2',
      html: '<p>2</p>',
      links: [],
    });
    expect(oldest).toMatchObject({ to: 'u1@example.com', subject: 'Mail 1' });
    expect(newest!.id).toMatch(/^\S{16}$/);
    expect(newest!.id).not.toBe(oldest!.id);
    expect(newest!.sentAt.getTime()).toBeGreaterThanOrEqual(before);
    expect(newest!.sentAt.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('keeps only the newest mails up to its size', async () => {
    const outbox = createOutboxMailer({ size: 3 });
    for (let n = 1; n <= 5; n++) await outbox.send(mail(n));
    expect(outbox.list().map((m) => m.subject)).toEqual(['Mail 5', 'Mail 4', 'Mail 3']);
  });

  it('keeps 100 mails by default', async () => {
    const outbox = createOutboxMailer();
    for (let n = 1; n <= 105; n++) await outbox.send(mail(n));
    expect(outbox.list()).toHaveLength(100);
    expect(outbox.list()[0]!.subject).toBe('Mail 105');
    expect(outbox.list()[99]!.subject).toBe('Mail 6');
  });

  it('extracts the links of the text part, in order', async () => {
    const outbox = createOutboxMailer();
    await outbox.send({
      ...mail(1),
      text: 'Open\nhttps://auth.example.com/api/auth/verify-email?token=a&callbackURL=%2F\nor http://localhost:3000/x then stop.',
    });
    expect(outbox.list()[0]!.links).toEqual([
      'https://auth.example.com/api/auth/verify-email?token=a&callbackURL=%2F',
      'http://localhost:3000/x',
    ]);
  });

  it('writes each mail to the log with its addressee, subject and links', async () => {
    const { logger, lines } = recordingLogger();
    const outbox = createOutboxMailer({ logger });
    const url = 'http://localhost:3000/api/auth/reset-password/abc?callbackURL=%2Freset';
    await outbox.send(await resetPasswordMail('ada@example.com', 'Ada', url));
    expect(lines).toEqual([
      {
        level: 'info',
        obj: { to: 'ada@example.com', subject: 'Reset your password', links: [url] },
        msg: 'Mail kept in the development outbox',
      },
    ]);
  });

  it('hands out a copy: changing the list it returned does not change the outbox', async () => {
    const outbox = createOutboxMailer();
    await outbox.send(mail(1));
    (outbox.list() as unknown[]).length = 0;
    expect(outbox.list()).toHaveLength(1);
  });
});
