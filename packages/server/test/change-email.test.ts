/**
 * POST /change-email end to end through the SMTP sink: an unverified address changes at once, a
 * verified one only once the confirmation mailed to it is followed (GET /verify-email with a
 * `change-email` token); then the new address is unverified and gets a verification link.
 */
import { expect, it } from 'vitest';
import { sha256Hex } from '../src/crypto/digest';
import { API, BASE_URL, describeEachDialect, uniqueEmail, type Harness } from './support/harness';
import { expectNothingChanged } from './support/rows';
import type { ReceivedMail } from './support/smtp-sink';

const LINK_PREFIX = BASE_URL + API;
const ENABLED = { user: { changeEmail: { enabled: true } } };
const NOT_ENABLED = { code: 'VERIFICATION_EMAIL_ISN_T_ENABLED', message: "Verification email isn't enabled" };
const COULD_NOT_UPDATE = { code: 'COULDN_T_UPDATE_YOUR_EMAIL', message: "Couldn't update your email" };

function linkPath(mail: ReceivedMail): string {
  const [link] = mail.links;
  expect(link?.startsWith(`${LINK_PREFIX}/verify-email?`)).toBe(true);
  return link!.slice(LINK_PREFIX.length);
}

async function userRow(h: Harness, id: string) {
  const row = await h.auth.context.db.selectFrom('user').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return { email: row.email, emailVerified: row.emailVerified };
}

async function signUpVerified(h: Harness) {
  const signedUp = await h.signUp(uniqueEmail('verified'));
  await h.auth.context.users.update(signedUp.user.id, { emailVerified: true, updatedAt: h.clock.now() });
  return signedUp;
}

/** A verified user asks to move to a new address; resolves with the confirmation mailed to the current one. */
async function requestChange(h: Harness, callbackURL?: string) {
  const signedUp = await signUpVerified(h);
  const newEmail = uniqueEmail('new');
  const response = await signedUp.client.post('/change-email', callbackURL ? { newEmail, callbackURL } : { newEmail });
  expect(response.status).toBe(200);
  expect(response.body).toEqual({ status: true });
  const confirmation = await h.mail.waitFor(signedUp.user.email);
  return { ...signedUp, newEmail, confirmation };
}

describeEachDialect(
  'POST /change-email with an unverified address',
  (h) => {
    it('changes the address at once, keeps it unverified and mails a verification link to the new address', async () => {
      const { client, user } = await h().signUp(uniqueEmail('old'));
      const newEmail = uniqueEmail('new');
      const response = await client.post('/change-email', { newEmail, callbackURL: '/settings' });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ status: true });
      expect(await userRow(h(), user.id)).toEqual({ email: newEmail, emailVerified: false });
      expect(h().mail.to(user.email)).toHaveLength(0);

      const mail = await h().mail.waitFor(newEmail);
      expect(mail.subject).toBe('Verify your e-mail address');
      expect(new URL(mail.links[0]!).searchParams.get('callbackURL')).toBe('/settings');
      const followed = await client.get(linkPath(mail));
      expect(followed.status).toBe(302);
      expect(followed.headers.get('location')).toBe('/settings');
      expect(await userRow(h(), user.id)).toEqual({ email: newEmail, emailVerified: true });
    });

    it('rewrites the cookie cache, so get-session shows the new address at once', async () => {
      const { client } = await h().signUp(uniqueEmail('cache'));
      const newEmail = uniqueEmail('cached');
      expect((await client.post('/change-email', { newEmail })).status).toBe(200);
      const session = await client.get('/get-session');
      expect(session.body.user).toMatchObject({ email: newEmail, emailVerified: false });
    });

    it('lower-cases the new address', async () => {
      const { client, user } = await h().signUp(uniqueEmail('lower'));
      const newEmail = uniqueEmail('Mixed');
      expect((await client.post('/change-email', { newEmail: newEmail.toUpperCase() })).status).toBe(200);
      expect((await userRow(h(), user.id)).email).toBe(newEmail.toLowerCase());
    });
  },
  ENABLED,
);

describeEachDialect(
  'POST /change-email with a verified address',
  (h) => {
    it('mails a confirmation to the current address and changes nothing until it is followed', async () => {
      const { user, newEmail, confirmation } = await requestChange(h());
      expect(confirmation.subject).toBe('Confirm your new e-mail address');
      expect(confirmation.to).toEqual([user.email]);
      expect(confirmation.text).toContain(newEmail);
      expect(confirmation.html).toContain(newEmail);
      expect(await userRow(h(), user.id)).toEqual({ email: user.email, emailVerified: true });
      expect(h().mail.to(newEmail)).toHaveLength(0);
    });

    it('keeps only change-email:sha256(token) in the database, with the new address beside the user id', async () => {
      const { user, newEmail, confirmation } = await requestChange(h());
      const token = new URL(confirmation.links[0]!).searchParams.get('token')!;
      const rows = await h()
        .auth.context.db.selectFrom('verification')
        .selectAll()
        .where('value', '=', `${user.id}:${newEmail}`)
        .execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]!.identifier).toBe(`change-email:${sha256Hex(token)}`);
      expect(JSON.stringify(await h().auth.context.db.selectFrom('verification').selectAll().execute())).not.toContain(
        token,
      );
    });

    it('applies the change when the confirmation is followed, then mails a verification to the new address', async () => {
      const { client, user, newEmail, confirmation } = await requestChange(h());
      const response = await client.get(linkPath(confirmation));
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        status: true,
        user: expect.objectContaining({ id: user.id, email: newEmail, emailVerified: false }),
      });
      expect(await userRow(h(), user.id)).toEqual({ email: newEmail, emailVerified: false });
      expect((await client.get('/get-session')).body.user).toMatchObject({ email: newEmail, emailVerified: false });

      const verification = await h().mail.waitFor(newEmail);
      expect(verification.subject).toBe('Verify your e-mail address');
      expect((await client.get(linkPath(verification))).status).toBe(200);
      expect(await userRow(h(), user.id)).toEqual({ email: newEmail, emailVerified: true });
    });

    it('redirects to the callbackURL once the change is applied, and carries it into the verification link', async () => {
      const { client, user, newEmail, confirmation } = await requestChange(h(), '/account');
      const response = await client.get(linkPath(confirmation));
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('/account');
      expect((await userRow(h(), user.id)).email).toBe(newEmail);
      const verification = await h().mail.waitFor(newEmail);
      expect(new URL(verification.links[0]!).searchParams.get('callbackURL')).toBe('/account');
    });

    it('applies the change from a browser without a session', async () => {
      const { user, newEmail, confirmation } = await requestChange(h());
      const response = await h().client().get(linkPath(confirmation));
      expect(response.status).toBe(200);
      expect(await userRow(h(), user.id)).toEqual({ email: newEmail, emailVerified: false });
    });

    it("answers 401 UNAUTHORIZED, or redirects with error=unauthorized, from another user's session, and the owner can still use the link", async () => {
      const { client, user, confirmation } = await requestChange(h());
      const intruder = await h().signUp(uniqueEmail('intruder'));

      await expectNothingChanged(h(), async () => {
        const json = await intruder.client.get(linkPath(confirmation));
        expect(json.status).toBe(401);
        expect(json.body).toEqual({ code: 'UNAUTHORIZED', message: 'Unauthorized' });
        const redirected = await intruder.client.get(
          `${linkPath(confirmation)}&callbackURL=${encodeURIComponent('/done?from=mail')}`,
        );
        expect(redirected.status).toBe(302);
        expect(redirected.headers.get('location')).toBe('/done?from=mail&error=unauthorized');
      });
      expect((await client.get(linkPath(confirmation))).status).toBe(200);
      expect((await userRow(h(), user.id)).emailVerified).toBe(false);
    });

    it("answers Couldn't update your email when the new address was taken meanwhile, and changes nothing", async () => {
      const { client, newEmail, confirmation } = await requestChange(h());
      await h().signUp(newEmail);
      await expectNothingChanged(h(), async () => {
        const response = await client.get(linkPath(confirmation));
        expect(response.status).toBe(400);
        expect(response.body).toEqual(COULD_NOT_UPDATE);
      });
    });

    it('answers 400 TOKEN_EXPIRED, or redirects with error=token_expired, after 3600 seconds and changes nothing', async () => {
      const first = await requestChange(h());
      const second = await requestChange(h(), '/account');
      h().clock.advance(3601);
      await expectNothingChanged(h(), async () => {
        const json = await first.client.get(linkPath(first.confirmation));
        expect(json.status).toBe(400);
        expect(json.body).toEqual({ code: 'TOKEN_EXPIRED', message: 'Token expired' });
        const redirected = await second.client.get(linkPath(second.confirmation));
        expect(redirected.status).toBe(302);
        expect(redirected.headers.get('location')).toBe('/account?error=token_expired');
      });
    });

    it('answers 404 USER_NOT_FOUND when the user was deleted', async () => {
      const { user, confirmation } = await requestChange(h());
      await h().auth.context.users.delete(user.id);
      const response = await h().client().get(linkPath(confirmation));
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ code: 'USER_NOT_FOUND', message: 'User not found' });
    });

    // Guard: redeemToken's conditional delete of the token's row (verification/one-time-token.ts, verifications.take).
    it('lets exactly one of 20 parallel uses of the confirmation succeed, and sends one verification', async () => {
      const { user, newEmail, confirmation } = await requestChange(h());
      const path = linkPath(confirmation);
      const responses = await Promise.all(Array.from({ length: 20 }, () => h().client().get(path)));
      expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
      for (const failure of responses.filter((r) => r.status !== 200)) {
        expect(failure.body).toEqual({ code: 'INVALID_TOKEN', message: 'invalid token' });
      }
      expect((await userRow(h(), user.id)).email).toBe(newEmail);
      expect(h().mail.to(newEmail)).toHaveLength(1);
    });
  },
  ENABLED,
);

describeEachDialect(
  'POST /change-email refusals',
  (h) => {
    it('answers 400 EMAIL_IS_THE_SAME for the current address in any case', async () => {
      const { client, user } = await h().signUp(uniqueEmail('same'));
      await expectNothingChanged(h(), async () => {
        const response = await client.post('/change-email', { newEmail: user.email.toUpperCase() });
        expect(response.status).toBe(400);
        expect(response.body).toEqual({ code: 'EMAIL_IS_THE_SAME', message: 'Email is the same' });
      });
    });

    it("answers 400 Couldn't update your email for an address another account holds, unverified or verified", async () => {
      const taken = uniqueEmail('taken');
      await h().signUp(taken);
      const unverified = await h().signUp(uniqueEmail('mover'));
      const verified = await signUpVerified(h());
      await expectNothingChanged(h(), async () => {
        for (const { client } of [unverified, verified]) {
          const response = await client.post('/change-email', { newEmail: taken });
          expect(response.status).toBe(400);
          expect(response.body).toEqual(COULD_NOT_UPDATE);
        }
      });
      expect(h().mail.to(verified.user.email)).toHaveLength(0);
    });

    it('answers 400 INVALID_EMAIL for a malformed address', async () => {
      const { client } = await h().signUp(uniqueEmail('malformed'));
      const response = await client.post('/change-email', { newEmail: 'nobody@' });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ code: 'INVALID_EMAIL', message: 'Invalid email' });
    });

    it('answers 401 UNAUTHORIZED without a session', async () => {
      const response = await h()
        .client()
        .post('/change-email', { newEmail: uniqueEmail('anon') });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ code: 'UNAUTHORIZED', message: 'Unauthorized' });
    });

    it('answers 403 INVALID_CALLBACKURL for an untrusted callbackURL and sends nothing', async () => {
      const { client, user } = await signUpVerified(h());
      const response = await client.post('/change-email', {
        newEmail: uniqueEmail('cb'),
        callbackURL: 'https://evil.example/',
      });
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ code: 'INVALID_CALLBACKURL', message: 'Invalid callbackURL' });
      expect(h().mail.to(user.email)).toHaveLength(0);
    });
  },
  ENABLED,
);

describeEachDialect('POST /change-email when disabled (the default)', (h) => {
  it('answers 400 CHANGE_EMAIL_IS_DISABLED and changes nothing', async () => {
    const { client } = await h().signUp(uniqueEmail('disabled'));
    await expectNothingChanged(h(), async () => {
      const response = await client.post('/change-email', { newEmail: uniqueEmail('target') });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ code: 'CHANGE_EMAIL_IS_DISABLED', message: 'Change email is disabled' });
    });
  });
});

describeEachDialect(
  'POST /change-email without a mailer',
  (h) => {
    it('answers "Verification email isn\'t enabled" for a verified address and changes nothing', async () => {
      const { client } = await signUpVerified(h());
      await expectNothingChanged(h(), async () => {
        const response = await client.post('/change-email', { newEmail: uniqueEmail('nomail') });
        expect(response.status).toBe(400);
        expect(response.body).toEqual(NOT_ENABLED);
      });
    });

    it('still changes an unverified address at once', async () => {
      const { client, user } = await h().signUp(uniqueEmail('nomail'));
      const newEmail = uniqueEmail('moved');
      const response = await client.post('/change-email', { newEmail });
      expect(response.status).toBe(200);
      expect(await userRow(h(), user.id)).toEqual({ email: newEmail, emailVerified: false });
    });
  },
  { ...ENABLED, mailer: undefined },
);
