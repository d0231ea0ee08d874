/**
 * The notices of what happens to an account from outside the user's own session, on every
 * database, through the real SMTP sink: a password reset through the mailed link, an admin's
 * password change, ban and unban, an admin's reset of two-factor, and a passkey added; each mail to the user's
 * address with the time, the device, the IP address and a working "this wasn't me" link.
 */
import { expect, it } from 'vitest';
import { adminPlugin, passkeyPlugin, platformPermission, securityNoticePlugin, twoFactorPlugin } from '../../..';
import { signUpWithRole } from '../../admin/test/support/admin-fixtures';
import { describeEachDialect, ORIGIN, uniqueEmail, type Harness } from '../../../../test/support/harness';
import { SoftAuthenticator } from '../../../../test/support/soft-authenticator';
import type { ReceivedMail } from '../../../../test/support/smtp-sink';
import { NOTICE_TEXTS } from '../texts';

const PASSWORD = 'correct horse battery';
const UA = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0';
const en = NOTICE_TEXTS.en.notices;
const allows = platformPermission();

async function settle(h: Harness): Promise<void> {
  await h.auth.context.background.drain();
}

function notices(h: Harness, email: string): ReceivedMail[] {
  const subjects = new Set(Object.values(en).map((n) => n.subject));
  return h.mail.to(email).filter((mail) => subjects.has(mail.subject));
}

/** Each mail says when, from which device and address, and carries the "this wasn't me" link. */
function expectTold(mail: ReceivedMail, ip: string): void {
  expect(mail.text).toContain('When: 2026-01-01 12:00 UTC');
  expect(mail.text).toContain(`Device: ${UA}.`);
  expect(mail.text).toContain(`IP address: ${ip}`);
  expect(mail.links).toEqual([expect.stringContaining('/security-notice/not-me?token=')]);
}

describeEachDialect(
  'security notices of resets and admins',
  (h) => {
    it('mails a password reset through the mailed link', async () => {
      const email = uniqueEmail('reset');
      await h().signUp(email, PASSWORD);
      const asked = await h().client().post('/request-password-reset', { email, redirectTo: '/reset' });
      expect(asked.status).toBe(200);
      const resetMail = await h().mail.waitFor(email);
      const token = new URL(resetMail.links[0]!).pathname.split('/').pop()!;

      const reset = await h()
        .client('192.0.2.44')
        .post('/reset-password', { newPassword: 'a new long password', token }, { headers: { 'user-agent': UA } });
      expect(reset.status).toBe(200);
      // Each mail goes out in the background: one at a time keeps their order.
      await settle(h());
      await settle(h());
      const mails = notices(h(), email);
      expect(mails.map((m) => m.subject)).toEqual([en['password-reset'].subject]);
      expectTold(mails[0]!, '192.0.2.44');
    });

    it("mails an admin's password change, ban, unban and two-factor reset to the user", async () => {
      const admin = await signUpWithRole(h());
      const email = uniqueEmail('member');
      const { client, user } = await h().signUp(email, PASSWORD);
      const enabled = await client.post('/two-factor/enable', { password: PASSWORD, method: 'otp' });
      expect(enabled.status).toBe(200);
      await settle(h());
      const headers = { headers: { 'user-agent': UA } };

      const reset = await admin.client.post('/admin/reset-user-two-factor', { userId: user.id }, headers);
      expect(reset.status).toBe(200);
      // Each mail goes out in the background: one step at a time keeps their order.
      await settle(h());
      const password = await admin.client.post(
        '/admin/set-user-password',
        { userId: user.id, newPassword: 'set by the admin' },
        headers,
      );
      expect(password.status).toBe(200);
      await settle(h());
      const banned = await admin.client.post('/admin/ban-user', { userId: user.id }, headers);
      expect(banned.status).toBe(200);
      await settle(h());
      const unbanned = await admin.client.post('/admin/unban-user', { userId: user.id }, headers);
      expect(unbanned.status).toBe(200);
      await settle(h());

      const mails = notices(h(), email);
      expect(mails.map((m) => m.subject)).toEqual([
        en['two-factor-enabled'].subject,
        en['two-factor-reset'].subject,
        en['password-changed'].subject,
        en['user-banned'].subject,
        en['user-unbanned'].subject,
      ]);
      for (const mail of mails.slice(1)) expect(mail.text).toContain('IP address:');
      // The admin is told nothing of what they did to someone else.
      expect(notices(h(), admin.user.email)).toEqual([]);
    });

    it('mails a passkey added, from the browser that added it', async () => {
      const email = uniqueEmail('passkey');
      const { client } = await h().signUp(email, PASSWORD);
      const options = await client.get('/passkey/generate-register-options');
      expect(options.status).toBe(200);
      const response = new SoftAuthenticator(ORIGIN).create(options.body, {});
      const added = await client.post('/passkey/verify-registration', { response }, { headers: { 'user-agent': UA } });
      expect(added.status).toBe(200);
      await settle(h());
      const mails = notices(h(), email);
      expect(mails.map((m) => m.subject)).toEqual([en['passkey-added'].subject]);
      expect(mails[0]!.text).toContain(`Device: ${UA}.`);
      expect(mails[0]!.links).toEqual([expect.stringContaining('/security-notice/not-me?token=')]);
    });
  },
  {
    plugins: [
      securityNoticePlugin(),
      passkeyPlugin(),
      adminPlugin(),
      twoFactorPlugin({ mayResetUserTwoFactor: (caller) => allows(caller, { twoFactor: ['reset'] }) }),
    ],
  },
);
