/**
 * Where the standalone server's mail goes, end to end on a real child process: the development
 * outbox (and its route), a real SMTP server, or nowhere in production without SMTP_URL. Each mail
 * is followed by its link, as the person reading it would.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BrowserCookies } from '../../../test/browser-cookies';
import { cookieFetch } from '../../../test/cookie-fetch';
import { startSmtpSink, type SmtpSink } from '../../../packages/server/test/support/smtp-sink';
import { startStandalone, stopStandalone, type StandaloneProcess } from './support/standalone-process';

const PASSWORD = 'correct horse battery';

interface OutboxEntry {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  sentAt: string;
}

/** The site: the server's default BASE_URL, where the mailed links point and its cookies belong. */
const siteOf = (server: StandaloneProcess) => `http://localhost:${server.port}`;

async function signUp(server: StandaloneProcess, email: string): Promise<{ status: number; cookies: BrowserCookies }> {
  // A browser's sign-up: Node's fetch sends Sec-Fetch-Mode, so it must name its origin.
  const browser = cookieFetch(siteOf(server));
  const response = await browser.postJson(`${siteOf(server)}/api/auth/sign-up/email`, {
    name: 'Ada <Lovelace> & "Co"',
    email,
    password: PASSWORD,
  });
  return { status: response.status, cookies: browser.cookies };
}

async function sessionUser(
  server: StandaloneProcess,
  cookies: BrowserCookies,
): Promise<Record<string, unknown> | undefined> {
  const url = `${siteOf(server)}/api/auth/get-session?disableCookieCache=true`;
  const response = await fetch(url, { headers: { cookie: cookies.header(url) } });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { user?: Record<string, unknown> } | null;
  return body?.user;
}

/** Opens a mailed link the way a mail reader's browser does: no cookies, no Origin, redirects not followed. */
async function follow(link: string): Promise<{ status: number; cookies: BrowserCookies }> {
  const response = await fetch(link, { redirect: 'manual' });
  await response.arrayBuffer();
  const cookies = new BrowserCookies(link);
  cookies.keep(response);
  return { status: response.status, cookies };
}

async function readOutbox(server: StandaloneProcess): Promise<Response> {
  return fetch(`${server.url}/api/dev/outbox`);
}

function logLines(server: StandaloneProcess): Record<string, unknown>[] {
  return server
    .stdout()
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/**
 * The log once a line matching `wanted` is in it: pino writes stdout asynchronously, so a line
 * (the start-up's, a mail's) may land after the answer the test saw first.
 */
async function logLinesOnce(
  server: StandaloneProcess,
  wanted: (line: Record<string, unknown>) => boolean,
): Promise<Record<string, unknown>[]> {
  return vi.waitFor(() => {
    const lines = logLines(server);
    if (!lines.some(wanted)) throw new Error('not logged yet');
    return lines;
  }, 5000);
}

const listening = (line: Record<string, unknown>) => String(line.msg).startsWith('Latchkey listening');

async function until<T>(probe: () => Promise<T | undefined>, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('standalone server without SMTP_URL, in development', () => {
  let cwd: string;
  let server: StandaloneProcess;

  beforeAll(async () => {
    cwd = mkdtempSync(join(tmpdir(), 'latchkey-outbox-'));
    server = await startStandalone(cwd);
  });

  afterAll(async () => {
    await stopStandalone(server);
    rmSync(cwd, { recursive: true, force: true });
  });

  it('logs that mail goes to the development outbox and where to read it', async () => {
    const lines = await logLinesOnce(server, listening);
    expect(lines.some((l) => l.level === 40 && String(l.msg).includes('GET /api/dev/outbox'))).toBe(true);
    expect(lines.find((l) => String(l.msg).startsWith('Latchkey listening'))).toMatchObject({ mail: 'outbox' });
  });

  it('answers GET /api/dev/outbox with an empty list before any mail, never cached', async () => {
    const response = await readOutbox(server);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ mails: [] });
  });

  it('on sign-up keeps a verification mail in the outbox, logs it, and its link verifies the address', async () => {
    const email = 'ada@example.com';
    const signedUp = await signUp(server, email);
    expect(signedUp.status).toBe(200);
    expect(await sessionUser(server, signedUp.cookies)).toMatchObject({ email, emailVerified: false });

    const mail = await until(async () => {
      const { mails } = (await (await readOutbox(server)).json()) as { mails: OutboxEntry[] };
      return mails.find((m) => m.to === email);
    });
    expect(mail).toMatchObject({ to: email, subject: 'Verify your e-mail address' });
    expect(mail.id).toEqual(expect.any(String));
    expect(Date.parse(mail.sentAt)).not.toBeNaN();
    expect(mail.links).toHaveLength(1);
    const link = mail.links[0]!;
    expect(link.startsWith(`http://localhost:${server.port}/api/auth/verify-email?token=`)).toBe(true);
    expect(mail.text).toContain(`\n${link}\n`);
    expect(mail.html).toContain('Ada &lt;Lovelace&gt; &amp; &quot;Co&quot;');
    await logLinesOnce(server, (l) => l.msg === 'Mail kept in the development outbox' && l.to === email);

    const opened = await follow(link);
    expect(opened.status).toBeLessThan(400);
    expect(await sessionUser(server, signedUp.cookies)).toMatchObject({ email, emailVerified: true });
    // AUTO_SIGN_IN_AFTER_VERIFICATION is on by default: the browser that opened the link is signed in.
    expect(await sessionUser(server, opened.cookies)).toMatchObject({ email, emailVerified: true });
  });

  it('serves the outbox on GET only', async () => {
    const response = await fetch(`${server.url}/api/dev/outbox`, { method: 'POST' });
    expect(response.status).toBe(404);
  });
});

describe('standalone server with SMTP_URL', () => {
  let cwd: string;
  let sink: SmtpSink;
  let server: StandaloneProcess;

  beforeAll(async () => {
    cwd = mkdtempSync(join(tmpdir(), 'latchkey-smtp-'));
    sink = await startSmtpSink();
    server = await startStandalone(cwd, { SMTP_URL: sink.url, MAIL_FROM: 'Acme Accounts <accounts@acme.example>' });
  });

  afterAll(async () => {
    await stopStandalone(server);
    await sink.close();
    rmSync(cwd, { recursive: true, force: true });
  });

  it('sends the sign-up verification over SMTP from MAIL_FROM, and its link verifies the address', async () => {
    const email = 'grace@example.com';
    const signedUp = await signUp(server, email);
    expect(signedUp.status).toBe(200);

    const mail = await sink.waitFor(email);
    expect(mail).toMatchObject({ from: 'accounts@acme.example', subject: 'Verify your e-mail address' });
    expect(mail.html).toContain('Ada &lt;Lovelace&gt; &amp; &quot;Co&quot;');
    expect(mail.links[0]!.startsWith(`http://localhost:${server.port}/api/auth/verify-email?token=`)).toBe(true);

    expect((await follow(mail.links[0]!)).status).toBeLessThan(400);
    expect(await sessionUser(server, signedUp.cookies)).toMatchObject({ email, emailVerified: true });
  });

  it('has no development outbox: GET /api/dev/outbox answers 404', async () => {
    const response = await readOutbox(server);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
    expect((await logLinesOnce(server, listening)).find(listening)).toMatchObject({ mail: 'smtp' });
    expect(logLines(server).some((l) => String(l.msg).includes('SMTP_URL is not set'))).toBe(false);
  });

  it('on SIGTERM closes the SMTP transport with everything else and exits 0', async () => {
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.stdout()).toContain('"msg":"Stopped"');
  });
});

describe('standalone server in production without SMTP_URL', () => {
  let cwd: string;
  let server: StandaloneProcess;

  beforeAll(async () => {
    cwd = mkdtempSync(join(tmpdir(), 'latchkey-nomail-'));
    server = await startStandalone(cwd, { NODE_ENV: 'production', LATCHKEY_SECRET: 's'.repeat(40) });
  });

  afterAll(async () => {
    await stopStandalone(server);
    rmSync(cwd, { recursive: true, force: true });
  });

  it('starts, and warns that no mail is sent', async () => {
    const lines = await logLinesOnce(server, listening);
    expect(lines.some((l) => l.level === 40 && String(l.msg).startsWith('SMTP_URL is not set: no mail is sent'))).toBe(
      true,
    );
    expect(lines.find((l) => String(l.msg).startsWith('Latchkey listening'))).toMatchObject({ mail: 'off' });
  });

  it('never serves the development outbox', async () => {
    const response = await readOutbox(server);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
  });

  it('still signs up, leaving the address unverified, without trying to mail', async () => {
    const signedUp = await signUp(server, 'linus@example.com');
    expect(signedUp.status).toBe(200);
    expect(await sessionUser(server, signedUp.cookies)).toMatchObject({
      email: 'linus@example.com',
      emailVerified: false,
    });
    expect(logLines(server).filter((l) => Number(l.level) >= 50)).toEqual([]);
  });
});
