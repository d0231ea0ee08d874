/**
 * @module The doctor's SMTP check, when SMTP_URL is set: nodemailer connects, greets, upgrades to
 * TLS where the server offers it and logs in with the URL's credentials, as sending would, then
 * quits. No mail is sent.
 */
import { createRequire } from 'node:module';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { CHECK_TIMEOUT_MS, describeError, fail, ok, redactURL, withTimeout, type CheckResult } from './check';

const load = createRequire(import.meta.url);

export async function checkSmtp(url: string): Promise<CheckResult> {
  const where = redactURL(url);
  const Transport = load('nodemailer/lib/smtp-transport') as typeof SMTPTransport;
  // The URL's settings win over these; the timeouts keep a silent server from holding the process.
  const transport = new Transport({
    url,
    connectionTimeout: CHECK_TIMEOUT_MS,
    greetingTimeout: CHECK_TIMEOUT_MS,
    socketTimeout: CHECK_TIMEOUT_MS,
  });
  const login = new URL(url).username !== '';
  try {
    await withTimeout(transport.verify());
    return ok('smtp', login ? `${where} answers and accepts the login` : `${where} answers (no login configured)`);
  } catch (error) {
    if ((error as { code?: unknown }).code === 'EAUTH') {
      return fail(
        'smtp',
        `${where} refused the login: ${describeError(error)}`,
        'check the user and password in SMTP_URL',
      );
    }
    return fail(
      'smtp',
      `${where} cannot be reached: ${describeError(error)}`,
      'check the host and port in SMTP_URL, and that this host may connect to it (many networks block ports 25 and 587)',
    );
  } finally {
    transport.close();
  }
}
