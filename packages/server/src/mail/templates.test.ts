import { describe, expect, it } from 'vitest';
import type { AuthContext } from '../auth/context';
import { authLink } from '../verification/links';
import type { MailMessage } from './mailer';
import { changeEmailMail, deleteAccountMail, resetPasswordMail, verificationMail } from './templates';

const auth = { options: { baseURL: 'https://auth.example.com', basePath: '/api/auth' } } as AuthContext;
const verifyUrl = authLink(auth, '/verify-email', {
  token: 'tok123',
  callbackURL: 'https://app.example.com/welcome?tab=1&x=2',
});
const resetUrl = authLink(auth, '/reset-password/tok456', { callbackURL: 'https://app.example.com/reset' });
const deleteUrl = authLink(auth, '/delete-user/callback', { token: 'tok789', callbackURL: '/goodbye' });

const HOSTILE = `<script>alert("x")</script> & 'O'Brien'`;
const ESCAPED = '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;O&#39;Brien&#39;';

const mails: [name: string, make: (name: string) => Promise<MailMessage>, url: string][] = [
  ['verification', (name) => verificationMail('ada@example.com', name, verifyUrl), verifyUrl],
  ['reset password', (name) => resetPasswordMail('ada@example.com', name, resetUrl), resetUrl],
  ['change e-mail', (name) => changeEmailMail('ada@example.com', name, 'new@example.com', verifyUrl), verifyUrl],
  ['delete account', (name) => deleteAccountMail('ada@example.com', name, deleteUrl), deleteUrl],
];

/** The href values of the HTML part, decoded the way a browser reads the attribute. */
const hrefsOf = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));

describe('mail templates', () => {
  it('build links from the configured base URL and path, with the query encoded', () => {
    expect(verifyUrl).toBe(
      'https://auth.example.com/api/auth/verify-email?token=tok123&callbackURL=https%3A%2F%2Fapp.example.com%2Fwelcome%3Ftab%3D1%26x%3D2',
    );
    expect(resetUrl).toBe(
      'https://auth.example.com/api/auth/reset-password/tok456?callbackURL=https%3A%2F%2Fapp.example.com%2Freset',
    );
  });

  it.each(mails)(
    'the %s mail has a subject, a text part and a complete HTML part for its addressee',
    async (_name, make) => {
      const mail = await make('Ada');
      expect(mail.to).toBe('ada@example.com');
      expect(mail.subject.length).toBeGreaterThan(5);
      expect(mail.subject).not.toMatch(/[\r\n]/);
      expect(mail.text).toContain('Hello Ada,');
      expect(mail.html).toMatch(/^<!doctype html>\s*<html lang="en">/);
      expect(mail.html).toContain('<p>Hello Ada,</p>');
      expect(mail.html.trimEnd()).toMatch(/<\/html>$/);
    },
  );

  it.each(mails)(
    'the %s mail carries its link alone on a line of the text part and as the href of the HTML part',
    async (_name, make, url) => {
      const mail = await make('Ada');
      expect(mail.text.split('\n')).toContain(url);
      expect(mail.text.match(/https?:\/\/\S+/g)).toEqual([url]);
      expect(hrefsOf(mail.html)).toEqual([url]);
      expect(mail.html).toContain(`href="${url.replaceAll('&', '&amp;')}"`);
    },
  );

  it.each(mails)(
    'the %s mail escapes a hostile name in HTML and keeps it verbatim in the text part',
    async (_name, make) => {
      const mail = await make(HOSTILE);
      expect(mail.html).toContain(`<p>Hello ${ESCAPED},</p>`);
      expect(mail.html).not.toContain('<script>');
      expect(mail.html).not.toContain(`'O'`);
      expect(mail.text).toContain(`Hello ${HOSTILE},`);
    },
  );

  it('greets without a name when the user has none', async () => {
    const mail = await verificationMail('ada@example.com', '', verifyUrl);
    expect(mail.text.startsWith('Hello,\n')).toBe(true);
    expect(mail.html).toContain('<p>Hello,</p>');
  });

  it('escapes addresses in the HTML part: the verified one and the one an account moves to', async () => {
    const address = `"<img src=x onerror=alert(1)>"@example.com`;
    const verification = await verificationMail(address, 'Ada', verifyUrl);
    expect(verification.html).toContain('&quot;&lt;img src=x onerror=alert(1)&gt;&quot;@example.com');
    expect(verification.html).not.toContain('<img');

    const change = await changeEmailMail('ada@example.com', 'Ada', `new&"<b>"@example.com`, verifyUrl);
    expect(change.html).toContain('new&amp;&quot;&lt;b&gt;&quot;@example.com');
    expect(change.html).not.toContain('<b>');
    expect(change.text).toContain(`new&"<b>"@example.com`);
  });

  it('escapes a link that carries quotes so it cannot leave its href attribute', async () => {
    const url = 'https://auth.example.com/api/auth/verify-email?token=t&callbackURL=x"onmouseover="alert(1)';
    const mail = await verificationMail('ada@example.com', 'Ada', url);
    expect(mail.html).toContain(
      'href="https://auth.example.com/api/auth/verify-email?token=t&amp;callbackURL=x&quot;onmouseover=&quot;alert(1)"',
    );
    expect(mail.html).not.toContain('"onmouseover');
  });
});

describe('names that look like links', () => {
  it('are left out of the greeting, so a mail never carries a link but its own', async () => {
    for (const name of [
      'Visit https://evil.example now',
      'www.evil.example',
      'evil.example',
      'Eve\nhttp://x',
      'javascript:alert(1)',
    ]) {
      const mail = await verificationMail(
        'victim@example.com',
        name,
        'http://localhost:3000/api/auth/verify-email?token=t',
      );
      expect(mail.text.startsWith('Hello,\n')).toBe(true);
      expect(mail.text.match(/https?:\/\/\S+/g)).toEqual(['http://localhost:3000/api/auth/verify-email?token=t']);
    }
  });

  it('keep an ordinary name', async () => {
    const mail = await verificationMail('ada@example.com', 'Ada Lovelace', 'http://localhost:3000/x');
    expect(mail.text.startsWith('Hello Ada Lovelace,\n')).toBe(true);
  });
});
