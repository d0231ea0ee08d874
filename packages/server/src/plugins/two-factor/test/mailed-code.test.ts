/**
 * The mailed second step on every database: send-otp mails a code in the user's language (else the
 * request's), and
 * verify-otp takes it once (also under parallel use), counts wrong tries up to five, and refuses
 * an expired code.
 */
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { expectError } from '../../../../../../test/expect-error';
import { twoFactorPlugin } from '../../..';
import { describeEachDialect, uniqueEmail, type Harness } from '../../../../test/support/harness';
import { PASSWORD, REFUSED, signIn, userWithMailedCodes, userWithTwoFactor } from './support';

const NEW_PASSWORD = 'a new password of the mailbox holder';

/** Whether the user chose mailed codes: a twoFactorMailedCode row. */
async function choseMailedCodes(h: Harness, userId: string): Promise<boolean> {
  const row = await h.auth.context.db
    .selectFrom(sql.table('twoFactorMailedCode').as('m'))
    .select(sql.ref('userId').as('userId'))
    .where(sql.ref('userId'), '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** What the mailbox alone gets: a reset link, used to set a password of the holder's choice. */
async function resetByMail(h: Harness, email: string, skip: number): Promise<void> {
  expect((await h.client().post('/forget-password', { email, redirectTo: '/reset' })).status).toBe(200);
  const mail = await h.mail.waitFor(email, { skip });
  const token = new URL(mail.links[0]!).pathname.split('/').pop()!;
  const reset = await h.client().post('/reset-password', { token, newPassword: NEW_PASSWORD });
  expect(reset.status).toBe(200);
}

const EXPIRED = { status: 400, code: 'OTP_HAS_EXPIRED', message: 'OTP has expired' };
const TOO_MANY = {
  status: 400,
  code: 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE',
  message: 'Too many attempts. Please request a new code.',
};

async function mailedCode(h: Harness, email: string, skip: number): Promise<string> {
  const mail = await h.mail.waitFor(email, { skip });
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in ${mail.text}`);
  expect(mail.links).toEqual([]);
  return code;
}

describeEachDialect(
  'two-factor mailed codes',
  (h) => {
    it('mails a code in the request language that finishes the sign-in once', async () => {
      const user = await userWithMailedCodes(h());
      const { client } = await signIn(h(), user.email);
      const sent = await client.post('/two-factor/send-otp', {}, { headers: { 'accept-language': 'de' } });
      expect(sent.status).toBe(200);
      expect(sent.body).toEqual({ status: true });
      const mail = await h().mail.waitFor(user.email);
      expect(mail.subject).toBe('Ihr Anmeldecode');
      const code = await mailedCode(h(), user.email, 0);

      await expectError(
        client.post('/two-factor/verify-otp', { code: code === '000000' ? '111111' : '000000' }),
        REFUSED.invalidCode,
      );
      const verified = await client.post('/two-factor/verify-otp', { code });
      expect(verified.status).toBe(200);
      expect(verified.body.user.id).toBe(user.userId);
      expect((await client.get('/get-session')).body.user.id).toBe(user.userId);

      const again = await signIn(h(), user.email);
      await expectError(again.client.post('/two-factor/verify-otp', { code }), EXPIRED);
    });

    it('mails the code in the user’s stored language, not the request’s', async () => {
      const user = await userWithMailedCodes(h());
      await h().auth.context.users.update(user.userId, { language: 'fr', updatedAt: h().clock.now() });
      const { client } = await signIn(h(), user.email);
      const sent = await client.post('/two-factor/send-otp', {}, { headers: { 'accept-language': 'de' } });
      expect(sent.status).toBe(200);
      const mail = await h().mail.waitFor(user.email);
      expect(mail.html).toMatch(/<html lang="fr">/);
    });

    it('offers no mailed code to a user with an app only, not even after a reset by mail', async () => {
      const user = await userWithTwoFactor(h());
      expect(await choseMailedCodes(h(), user.userId)).toBe(false);
      await resetByMail(h(), user.email, 0);
      const pending = h().client();
      const response = await pending.post('/sign-in/email', { email: user.email, password: NEW_PASSWORD });
      expect(response.body).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
      await expectError(pending.post('/two-factor/send-otp'), REFUSED.otpNotEnabled);
      await expectError(pending.post('/two-factor/verify-otp', { code: '123456' }), REFUSED.otpNotEnabled);
      // Nothing was mailed, no code is pending, and no session was made.
      const codes = await h()
        .auth.context.db.selectFrom('verification')
        .select('identifier')
        .where('identifier', 'like', 'two-factor-otp:%')
        .where('value', 'like', `${user.userId}:%`)
        .execute();
      expect(codes).toEqual([]);
      expect((await pending.get('/get-session')).body).toBeNull();
      await expect(h().mail.waitFor(user.email, { skip: 1, timeoutMs: 300 })).rejects.toThrow();
    });

    it('makes mailed codes a second factor of a user who turned them on, and forgets that with two-factor', async () => {
      // By enable with method otp, beside an app: then both are offered.
      const app = await userWithTwoFactor(h());
      expect((await app.client.post('/two-factor/enable', { password: PASSWORD, method: 'otp' })).status).toBe(200);
      expect(await choseMailedCodes(h(), app.userId)).toBe(true);
      expect((await signIn(h(), app.email)).response.body.twoFactorMethods).toEqual(['totp', 'otp']);
      expect((await app.client.post('/two-factor/disable', { password: PASSWORD })).status).toBe(200);
      expect(await choseMailedCodes(h(), app.userId)).toBe(false);

      // By a mailed code verified while signed in with two-factor off (better-auth's verify-otp).
      const email = uniqueEmail('2fa-otp-verify');
      const { client, user } = await h().signUp(email, PASSWORD);
      expect((await client.post('/two-factor/send-otp')).status).toBe(200);
      const code = await mailedCode(h(), email, 0);
      const verified = await client.post('/two-factor/verify-otp', { code });
      expect(verified.status).toBe(200);
      expect(verified.body.user.twoFactorEnabled).toBe(true);
      expect(await choseMailedCodes(h(), user.id)).toBe(true);
      const pending = await signIn(h(), email);
      expect(pending.response.body).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['otp'] });
      expect((await pending.client.post('/two-factor/send-otp')).status).toBe(200);

      // Two-factor on and no app (imported from better-auth so): mail is the only second factor.
      const imported = await h().signUp(uniqueEmail('2fa-imported'), PASSWORD);
      await h()
        .auth.context.db.updateTable('user')
        .set({ twoFactorEnabled: true } as never)
        .where('id', '=', imported.user.id)
        .execute();
      const importedSignIn = await signIn(h(), imported.user.email);
      expect(importedSignIn.response.body).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['otp'] });
      expect((await importedSignIn.client.post('/two-factor/send-otp')).status).toBe(200);
    });

    // Guard: the conditional delete that takes the code's row (plugins/two-factor/mailed-code.ts).
    it('lets one of five parallel uses of a mailed code through', async () => {
      const user = await userWithMailedCodes(h());
      const { client } = await signIn(h(), user.email);
      await client.post('/two-factor/send-otp');
      const code = await mailedCode(h(), user.email, 0);
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => client.post('/two-factor/verify-otp', { code })),
      );
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    });

    it('refuses a code after five wrong tries, and once it expired', async () => {
      // Signed in: a pending sign-in's own five tries (sign-in.test.ts) would end it first.
      const user = await userWithMailedCodes(h());
      const { client } = user;
      await client.post('/two-factor/send-otp');
      const code = await mailedCode(h(), user.email, 0);
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i += 1)
        await expectError(client.post('/two-factor/verify-otp', { code: wrong }), REFUSED.invalidCode);
      await expectError(client.post('/two-factor/verify-otp', { code }), TOO_MANY);

      await client.post('/two-factor/send-otp');
      const fresh = await mailedCode(h(), user.email, 1);
      h().clock.advance(3 * 60 + 1);
      await expectError(client.post('/two-factor/verify-otp', { code: fresh }), EXPIRED);
      // The account's code lock counted the wrong tries: let it cool down for the next tests.
      h().clock.advance(3600);
    });
  },
  { plugins: [twoFactorPlugin()] },
);
