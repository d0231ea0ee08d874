/**
 * The security notices, on every database, through the real SMTP sink: each notice is mailed
 * once with the time, device and address; the first sign-in after sign-up is not; the options
 * turn them off; the "this wasn't me" link ends every session of the user and works once.
 */
import { expect, it } from 'vitest';
import { securityNoticePlugin, twoFactorPlugin } from '../../..';
import { describeEachDialect, uniqueEmail, type Harness } from '../../../../test/support/harness';
import type { ReceivedMail } from '../../../../test/support/smtp-sink';
import { NOTICE_TEXTS } from '../texts';

const PASSWORD = 'correct horse battery';
const UA = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0';
const en = NOTICE_TEXTS.en.notices;

async function settle(h: Harness): Promise<void> {
  await h.auth.context.background.drain();
}

/** The notices mailed to `email` so far (the sink also gets verification mails and the like). */
function notices(h: Harness, email: string): ReceivedMail[] {
  const subjects = new Set(Object.values(en).map((n) => n.subject));
  return h.mail.to(email).filter((mail) => subjects.has(mail.subject));
}

async function signIn(h: Harness, email: string, ip = '198.51.100.7', client = h.client(ip)) {
  const response = await client.post(
    '/sign-in/email',
    { email, password: PASSWORD },
    { headers: { 'user-agent': UA } },
  );
  expect(response.status).toBe(200);
  await settle(h);
  return client;
}

describeEachDialect(
  'security notices',
  (h) => {
    it('mails a sign-in from a new browser once, with time, device and address; not the first after sign-up', async () => {
      const email = uniqueEmail('notice');
      const { client } = await h().signUp(email, PASSWORD);
      // The sign-up's browser signs in again: the account's first sign-in, from a browser never seen.
      await signIn(h(), email, '203.0.113.10', client);
      expect(notices(h(), email)).toEqual([]);

      const other = await signIn(h(), email);
      const mails = notices(h(), email);
      expect(mails.map((m) => m.subject)).toEqual([en['new-browser-sign-in'].subject]);
      expect(mails[0]!.text).toContain('When: 2026-01-01 12:00 UTC');
      expect(mails[0]!.text).toContain(`Device: ${UA}.`);
      expect(mails[0]!.text).toContain('IP address: 198.51.100.7');
      expect(mails[0]!.links).toHaveLength(1);

      // The same browser again: it holds the device cookie now.
      await signIn(h(), email, '198.51.100.7', other);
      expect(notices(h(), email)).toHaveLength(1);
    });

    it('mails a changed password and a requested e-mail change (to the old address)', async () => {
      const email = uniqueEmail('notice');
      const { client, user } = await h().signUp(email, PASSWORD);
      const changed = await client.post('/change-password', {
        currentPassword: PASSWORD,
        newPassword: 'another long password',
      });
      expect(changed.status).toBe(200);
      await settle(h());
      expect(notices(h(), email).map((m) => m.subject)).toEqual([en['password-changed'].subject]);

      await h().auth.context.users.update(user.id, { emailVerified: true, updatedAt: h().clock.now() });
      const newEmail = uniqueEmail('new');
      const requested = await client.post('/change-email', { newEmail });
      expect(requested.status).toBe(200);
      await settle(h());
      expect(notices(h(), email).map((m) => m.subject)).toEqual([
        en['password-changed'].subject,
        en['email-change-requested'].subject,
      ]);
      expect(notices(h(), newEmail)).toEqual([]);
    });

    it('mails two-factor turned on and off', async () => {
      const email = uniqueEmail('notice');
      const { client } = await h().signUp(email, PASSWORD);
      const enabled = await client.post('/two-factor/enable', { password: PASSWORD, method: 'otp' });
      expect(enabled.status).toBe(200);
      await settle(h());
      const disabled = await client.post('/two-factor/disable', { password: PASSWORD });
      expect(disabled.status).toBe(200);
      await settle(h());
      expect(notices(h(), email).map((m) => m.subject)).toEqual([
        en['two-factor-enabled'].subject,
        en['two-factor-disabled'].subject,
      ]);
    });

    it('mails in the language of the request', async () => {
      const email = uniqueEmail('notice');
      const { client } = await h().signUp(email, PASSWORD);
      const changed = await client.post(
        '/change-password',
        { currentPassword: PASSWORD, newPassword: 'another long password' },
        { headers: { 'accept-language': 'de-DE,de;q=0.9' } },
      );
      expect(changed.status).toBe(200);
      await settle(h());
      expect(
        h()
          .mail.to(email)
          .map((m) => m.subject),
      ).toContain(NOTICE_TEXTS.de.notices['password-changed'].subject);
    });

    it('"this wasn’t me" ends every session of the user and lands on the reset page, once', async () => {
      const email = uniqueEmail('notice');
      const { client } = await h().signUp(email, PASSWORD);
      await signIn(h(), email, '203.0.113.10', client);
      const intruder = await signIn(h(), email);
      const [mail] = notices(h(), email);
      const link = new URL(mail!.links[0]!);
      expect(link.pathname).toBe('/api/auth/security-notice/not-me');

      const used = await h().client().get(`/security-notice/not-me${link.search}`);
      expect(used.status).toBe(302);
      const landing = new URL(used.headers.get('location')!);
      expect(landing.pathname).toBe('/forgot-password');
      expect(landing.searchParams.get('email')).toBe(email);
      expect(landing.searchParams.get('signedOut')).toBe('1');
      expect((await client.get('/get-session?disableCookieCache=true')).body).toBeNull();
      expect((await intruder.get('/get-session?disableCookieCache=true')).body).toBeNull();

      // Single use: the intruder cannot replay it to sign the owner out again, nor learn the address.
      const again = await h().client().get(`/security-notice/not-me${link.search}`);
      expect(again.status).toBe(302);
      const refused = new URL(again.headers.get('location')!);
      expect(refused.searchParams.get('error')).toBe('INVALID_TOKEN');
      expect(refused.searchParams.get('email')).toBeNull();
    });

    it('an expired link signs no one out', async () => {
      const email = uniqueEmail('notice');
      const { client } = await h().signUp(email, PASSWORD);
      await signIn(h(), email, '203.0.113.10', client);
      await signIn(h(), email);
      const link = new URL(notices(h(), email)[0]!.links[0]!);
      h().clock.advance(8 * 24 * 3600);
      const used = await h().client().get(`/security-notice/not-me${link.search}`);
      expect(new URL(used.headers.get('location')!).searchParams.get('error')).toBe('INVALID_TOKEN');
    });
  },
  { plugins: [securityNoticePlugin(), twoFactorPlugin()], user: { changeEmail: { enabled: true } } },
);

describeEachDialect(
  'security notices turned off',
  (h) => {
    it('sends none of the notices the options leave out', async () => {
      const email = uniqueEmail('off');
      const { client } = await h().signUp(email, PASSWORD);
      await signIn(h(), email, '203.0.113.10', client);
      await signIn(h(), email);
      const changed = await client.post('/change-password', {
        currentPassword: PASSWORD,
        newPassword: 'another long password',
      });
      expect(changed.status).toBe(200);
      await settle(h());
      expect(notices(h(), email).map((m) => m.subject)).toEqual([en['password-changed'].subject]);
    });
  },
  { plugins: [securityNoticePlugin({ notices: ['password-changed'] })] },
);
