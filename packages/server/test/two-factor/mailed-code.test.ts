/**
 * The mailed second step on every database: send-otp mails a code in the request's language, and
 * verify-otp takes it once (also under parallel use), counts wrong tries up to five, and refuses
 * an expired code.
 */
import { expect, it } from 'vitest';
import { expectError } from '../../../../test/expect-error';
import { twoFactorPlugin } from '../../src';
import { describeEachDialect, type Harness } from '../support/harness';
import { REFUSED, signIn, userWithMailedCodes } from './support';

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
