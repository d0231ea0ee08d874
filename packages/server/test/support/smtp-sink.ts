/**
 * @module A real SMTP server for tests (the `smtp-server` package) on a free local port: the
 * engine's SMTP mailer delivers to it over the wire, and each mail is parsed (postal-mime) so tests
 * can read its parts and follow its links.
 */
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Links found in the text part, in order. */
  links: string[];
}

export interface SmtpSink {
  /** `smtp://127.0.0.1:PORT`, for createSmtpMailer. */
  readonly url: string;
  readonly mails: readonly ReceivedMail[];
  /** Mails to one address, oldest first. */
  to(address: string): ReceivedMail[];
  /** Resolves with the first mail to `address` (after `skip` earlier ones) once it has arrived. */
  waitFor(address: string, options?: { skip?: number; timeoutMs?: number }): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export interface SmtpSinkOptions {
  /**
   * Require a login (AUTH PLAIN or LOGIN, over the plain connection) with one of these user names
   * and its password; by default there is no login to configure.
   */
  users?: Readonly<Record<string, string>>;
}

export async function startSmtpSink({ users }: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    // Plain SMTP on loopback: no certificate for nodemailer to reject.
    ...(users
      ? {
          disabledCommands: ['STARTTLS'],
          authMethods: ['PLAIN', 'LOGIN'],
          allowInsecureAuth: true,
          onAuth(auth, _session, callback) {
            if (
              auth.username !== undefined &&
              Object.hasOwn(users, auth.username) &&
              users[auth.username] === auth.password
            )
              callback(null, { user: auth.username });
            else callback(new Error('Invalid username or password'));
          },
        }
      : { disabledCommands: ['STARTTLS', 'AUTH'], authOptional: true }),
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        PostalMime.parse(Buffer.concat(chunks))
          .then((parsed) => {
            const text = parsed.text ?? '';
            mails.push({
              from: parsed.from?.address ?? '',
              to: (parsed.to ?? []).map((a) => (a.address ?? '').toLowerCase()),
              subject: parsed.subject ?? '',
              text,
              html: parsed.html ?? '',
              links: text.match(/https?:\/\/[^\s<>"]+/g) ?? [],
            });
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.server.address();
      if (typeof address === 'object' && address) resolve(address.port);
      else reject(new Error('SMTP sink has no port'));
    });
  });
  const to = (address: string) => mails.filter((m) => m.to.includes(address.toLowerCase()));
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    to,
    async waitFor(address, { skip = 0, timeoutMs = 5000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = to(address)[skip];
        if (mail) return mail;
        if (Date.now() > deadline) throw new Error(`no mail #${skip + 1} to ${address} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
