/**
 * The two-factor plugin on every database: enabling with a password and a first code, the sign-in
 * that answers `twoFactorRedirect` instead of a session, the second step with a TOTP or a backup
 * code (each working once, also under parallel use), trusted browsers, and disabling.
 */
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { expectError } from '../../../../../../test/expect-error';
import { twoFactorPlugin, type AuthEvent } from '../../..';
import { describeEachDialect, uniqueEmail, type Harness } from '../../../../test/support/harness';
import {
  CODE_LOCK_SECONDS,
  nextStep,
  PASSWORD,
  REFUSED,
  secretOf,
  signIn,
  totpCode,
  userWithTwoFactor,
} from './support';

const SESSION_COOKIE = 'latchkey.session_token';
const TWO_FACTOR_COOKIE = 'latchkey.two_factor';
const TRUST_COOKIE = 'latchkey.trust_device';

const events: AuthEvent[] = [];

async function twoFactorRow(h: Harness, userId: string) {
  return h.auth.context.db
    .selectFrom(sql.table('twoFactor').as('t'))
    .selectAll()
    .where(sql.ref('userId'), '=', userId)
    .executeTakeFirst() as Promise<Record<string, unknown> | undefined>;
}

describeEachDialect(
  'two-factor sign-in',
  (h) => {
    it('turns two-factor on only after a first code, and answers the TOTP URI and ten backup codes once', async () => {
      const email = uniqueEmail('2fa-enable');
      const { client, user } = await h().signUp(email, PASSWORD);
      await expectError(client.post('/two-factor/enable', { password: 'wrong password' }), REFUSED.invalidPassword);
      const enabled = await client.post('/two-factor/enable', { password: PASSWORD, issuer: 'Acme' });
      expect(enabled.status).toBe(200);
      expect(enabled.body.method).toBe('totp');
      expect(enabled.body.totpURI).toMatch(/^otpauth:\/\/totp\/Acme:.*secret=/);
      expect(enabled.body.backupCodes).toHaveLength(10);
      expect(enabled.body.backupCodes[0]).toMatch(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/);
      // Not on yet: a sign-in still gets its session at once.
      expect((await signIn(h(), email)).response.body.token).toEqual(expect.any(String));

      const secret = secretOf(enabled.body.totpURI);
      await expectError(client.post('/two-factor/verify-totp', { code: '000000' }), REFUSED.invalidCode);
      const verified = await client.post('/two-factor/verify-totp', { code: totpCode(h(), secret) });
      expect(verified.status).toBe(200);
      expect(verified.body.user.twoFactorEnabled).toBe(true);
      // The session's cached user says so at once, not a cache lifetime later.
      expect((await client.get('/get-session')).body.user.twoFactorEnabled).toBe(true);
      expect(events).toContainEqual(expect.objectContaining({ type: 'two-factor-enabled', userId: user.id }));

      // Nothing usable at rest: the secret is encrypted, the backup codes digested.
      const row = await twoFactorRow(h(), user.id);
      expect(String(row?.secret)).not.toContain(secret);
      expect(String(row?.secret)).toMatch(/^v1:/);
      for (const code of enabled.body.backupCodes) expect(String(row?.backupCodes)).not.toContain(code);
    });

    // Guard: the unique index on twoFactor.userId, whose violation the store retries as a replace (plugins/two-factor/store.ts).
    it('enables asked for at once all answer a secret, and leave one unverified row, never a 500', async () => {
      const { client, user } = await h().signUp(uniqueEmail('2fa-race'), PASSWORD);
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => client.post('/two-factor/enable', { password: PASSWORD })),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(200));
      const rows = await h()
        .auth.context.db.selectFrom(sql.table('twoFactor').as('t'))
        .select(sql.ref('id').as('id'))
        .where(sql.ref('userId'), '=', user.id)
        .execute();
      expect(rows).toHaveLength(1);
    });

    it('answers twoFactorRedirect and no session to a password sign-in, and a session after verify-totp', async () => {
      const user = await userWithTwoFactor(h());
      const { client, response } = await signIn(h(), user.email);
      expect(response.status).toBe(200);
      // No `otp`: this user set up an app only, and a mailed code is a second factor only if chosen.
      expect(response.body).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
      expect(response.setCookies.has(SESSION_COOKIE)).toBe(false);
      expect(response.setCookies.get(TWO_FACTOR_COOKIE)?.attributes['max-age']).toBe('600');
      expect((await client.get('/get-session')).body).toBeNull();

      const verified = await client.post('/two-factor/verify-totp', { code: totpCode(h(), user.secret) });
      expect(verified.status).toBe(200);
      expect(verified.body.token).toEqual(expect.any(String));
      expect(verified.body.user.id).toBe(user.userId);
      expect(verified.setCookies.has(SESSION_COOKIE)).toBe(true);
      expect((await client.get('/get-session')).body.user.id).toBe(user.userId);
      expect(events).toContainEqual(
        expect.objectContaining({
          type: 'sign-in',
          method: 'two-factor:totp',
          userId: user.userId,
          outcome: 'success',
        }),
      );
      // The challenge is spent: the cookie is cleared, and a copy of it names nothing any more.
      expect(verified.setCookies.get(TWO_FACTOR_COOKIE)?.attributes['max-age']).toBe('0');
      const copy = h().client();
      copy.cookies.set(TWO_FACTOR_COOKIE, response.setCookies.get(TWO_FACTOR_COOKIE)!.value);
      nextStep(h());
      await expectError(
        copy.post('/two-factor/verify-totp', { code: totpCode(h(), user.secret) }),
        REFUSED.invalidCookie,
      );
    });

    it('refuses a wrong code with 401 INVALID_CODE and keeps the sign-in pending', async () => {
      const user = await userWithTwoFactor(h());
      const { client } = await signIn(h(), user.email);
      await expectError(client.post('/two-factor/verify-totp', { code: '123456' }), REFUSED.invalidCode);
      await expectError(client.post('/two-factor/verify-totp', { code: 'abc' }), REFUSED.invalidCode);
      expect(events).toContainEqual(
        expect.objectContaining({
          type: 'sign-in',
          outcome: 'failure',
          method: 'two-factor:totp',
          userId: user.userId,
        }),
      );
      expect((await client.post('/two-factor/verify-totp', { code: totpCode(h(), user.secret) })).status).toBe(200);
    });

    it('accepts the codes of one step either side, and no older', async () => {
      const user = await userWithTwoFactor(h());
      nextStep(h());
      nextStep(h());
      const first = await signIn(h(), user.email);
      expect(
        (await first.client.post('/two-factor/verify-totp', { code: totpCode(h(), user.secret, -1) })).status,
      ).toBe(200);
      const second = await signIn(h(), user.email);
      expect(
        (await second.client.post('/two-factor/verify-totp', { code: totpCode(h(), user.secret, 1) })).status,
      ).toBe(200);
      nextStep(h());
      nextStep(h());
      nextStep(h());
      const third = await signIn(h(), user.email);
      await expectError(
        third.client.post('/two-factor/verify-totp', { code: totpCode(h(), user.secret, -2) }),
        REFUSED.invalidCode,
      );
    });

    it('refuses a code already used, even by another browser', async () => {
      const user = await userWithTwoFactor(h());
      const code = totpCode(h(), user.secret);
      const first = await signIn(h(), user.email);
      expect((await first.client.post('/two-factor/verify-totp', { code })).status).toBe(200);
      const second = await signIn(h(), user.email);
      await expectError(second.client.post('/two-factor/verify-totp', { code }), REFUSED.invalidCode);
    });

    // Guard: raising lastTotpStep only if lower, one conditional update (plugins/two-factor/store.ts).
    it('lets one of ten parallel uses of a code through, whether by one challenge or by several', async () => {
      const user = await userWithTwoFactor(h());
      const code = totpCode(h(), user.secret);
      const pending = await Promise.all(Array.from({ length: 10 }, () => signIn(h(), user.email)));
      const answers = await Promise.all(pending.map(({ client }) => client.post('/two-factor/verify-totp', { code })));
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
      for (const answer of answers.filter((each) => each.status !== 200))
        await expectError(answer, REFUSED.invalidCode);

      // The nine losers counted as wrong codes: a right one starts the count over.
      const cleared = await signIn(h(), user.email);
      expect((await cleared.client.post('/two-factor/verify-backup-code', { code: user.backupCodes[0] })).status).toBe(
        200,
      );
      nextStep(h());
      const { client } = await signIn(h(), user.email);
      const fresh = totpCode(h(), user.secret);
      const same = await Promise.all(
        Array.from({ length: 5 }, () => client.post('/two-factor/verify-totp', { code: fresh })),
      );
      expect(same.filter((answer) => answer.status === 200)).toHaveLength(1);
    });

    // Guard: takeChallenge's conditional delete of the pending sign-in's row (plugins/two-factor/challenge.ts).
    it('gives one pending sign-in one session when its second step is passed twice at once', async () => {
      const user = await userWithTwoFactor(h());
      const { client } = await signIn(h(), user.email);
      const answers = await Promise.all([
        client.post('/two-factor/verify-totp', { code: totpCode(h(), user.secret) }),
        client.post('/two-factor/verify-backup-code', { code: user.backupCodes[1] }),
        client.post('/two-factor/verify-backup-code', { code: user.backupCodes[2] }),
      ]);
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
      for (const answer of answers.filter((each) => each.status !== 200))
        await expectError(answer, REFUSED.invalidCookie);
    });

    // Guard: the backup-code list replaced only if still the one read (plugins/two-factor/store.ts, routes/verify-backup-code.ts).
    it('takes each backup code once, also when ten sign-ins use it at the same time', async () => {
      const user = await userWithTwoFactor(h());
      const [code, other] = user.backupCodes as [string, string];
      const pending = await Promise.all(Array.from({ length: 10 }, () => signIn(h(), user.email)));
      const answers = await Promise.all(
        pending.map(({ client }) => client.post('/two-factor/verify-backup-code', { code })),
      );
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
      for (const answer of answers.filter((each) => each.status !== 200))
        await expectError(answer, REFUSED.invalidBackupCode);
      const winner = answers.find((answer) => answer.status === 200);
      expect(winner?.setCookies.has(SESSION_COOKIE)).toBe(true);
      expect(events).toContainEqual(
        expect.objectContaining({ type: 'sign-in', method: 'two-factor:backup-code', userId: user.userId }),
      );

      // The nine losers counted as wrong codes: a right one first, so that the next does not lock.
      const again = await signIn(h(), user.email);
      expect((await again.client.post('/two-factor/verify-backup-code', { code: other })).status).toBe(200);
      const third = await signIn(h(), user.email);
      await expectError(third.client.post('/two-factor/verify-backup-code', { code }), REFUSED.invalidBackupCode);
    });

    it('lets a browser trusted at the second step skip it for 30 days, and no other browser', async () => {
      const user = await userWithTwoFactor(h());
      const { client } = await signIn(h(), user.email);
      const verified = await client.post('/two-factor/verify-totp', {
        code: totpCode(h(), user.secret),
        trustDevice: true,
      });
      expect(verified.setCookies.get(TRUST_COOKIE)?.attributes['max-age']).toBe('2592000');
      await client.post('/sign-out');

      const trusted = await signIn(h(), user.email, client);
      expect(trusted.response.body.token).toEqual(expect.any(String));
      expect(trusted.response.body.twoFactorRedirect).toBeUndefined();
      // The token is replaced at each use, for another 30 days.
      expect(trusted.response.setCookies.get(TRUST_COOKIE)?.attributes['max-age']).toBe('2592000');

      expect((await signIn(h(), user.email)).response.body.twoFactorRedirect).toBe(true);
      h().clock.advance(2_592_000 + 1);
      await client.post('/sign-out');
      expect((await signIn(h(), user.email, client)).response.body.twoFactorRedirect).toBe(true);
    });

    it('allows five codes per sign-in: the sixth ends it with 400 and expires the cookie, whose copy is dead', async () => {
      const user = await userWithTwoFactor(h());
      const { client, response } = await signIn(h(), user.email);
      const copy = h().client();
      copy.cookies.set(TWO_FACTOR_COOKIE, response.setCookies.get(TWO_FACTOR_COOKIE)!.value);
      for (let i = 0; i < 5; i += 1)
        await expectError(client.post('/two-factor/verify-totp', { code: '000000' }), REFUSED.invalidCode);
      // The sixth, even the right code: the challenge is over.
      const sixth = await client.post('/two-factor/verify-totp', { code: totpCode(h(), user.secret) });
      await expectError(sixth, REFUSED.tooManyAttempts);
      expect(sixth.setCookies.get(TWO_FACTOR_COOKIE)?.attributes['max-age']).toBe('0');
      expect(sixth.setCookies.has(SESSION_COOKIE)).toBe(false);
      await expectError(
        copy.post('/two-factor/verify-backup-code', { code: user.backupCodes[0] }),
        REFUSED.invalidCookie,
      );
      const left = await h()
        .auth.context.db.selectFrom('verification')
        .select('identifier')
        .where('identifier', 'like', 'two-factor:%')
        .where('value', 'like', `${user.userId}:%`)
        .execute();
      expect(left).toEqual([]);
      // A new sign-in has five tries of its own; its right code clears the five failures.
      const again = await signIn(h(), user.email);
      expect((await again.client.post('/two-factor/verify-totp', { code: totpCode(h(), user.secret) })).status).toBe(
        200,
      );
    });

    // Guard: spendChallengeTry's conditional swap of the try count (plugins/two-factor/challenge.ts).
    it('checks no more than five codes of one sign-in sent at once', async () => {
      const user = await userWithTwoFactor(h());
      const { client } = await signIn(h(), user.email);
      const answers = await Promise.all(
        Array.from({ length: 12 }, () => client.post('/two-factor/verify-backup-code', { code: 'wrong-guess' })),
      );
      // Exactly five guesses were checked: a sixth saw the tries spent and ended the challenge.
      const checked = answers.filter((answer) => answer.body?.code === REFUSED.invalidBackupCode.code);
      expect(checked).toHaveLength(5);
      for (const answer of checked) await expectError(answer, REFUSED.invalidBackupCode);
      const others = answers.filter((answer) => answer.body?.code !== REFUSED.invalidBackupCode.code);
      expect(others.map((answer) => answer.body.code)).toContain(REFUSED.tooManyAttempts.code);
      // The others found the challenge spent, or already gone.
      for (const answer of others)
        expect([REFUSED.tooManyAttempts.code, REFUSED.invalidCookie.code]).toContain(answer.body.code);
      h().clock.advance(3600);
    });

    it('locks the second step after ten wrong codes across sign-ins: 429 even for the right code, no session', async () => {
      const user = await userWithTwoFactor(h());
      for (let round = 0; round < 2; round += 1) {
        const { client } = await signIn(h(), user.email);
        for (let i = 0; i < 5; i += 1)
          await expectError(client.post('/two-factor/verify-totp', { code: '000000' }), REFUSED.invalidCode);
      }
      expect(events).toContainEqual(
        expect.objectContaining({ type: 'sign-in-locked', method: 'two-factor:totp', userId: user.userId }),
      );
      // The password still answers the second step (it is not what was guessed), which then refuses.
      const locked = await signIn(h(), user.email);
      expect(locked.response.body.twoFactorRedirect).toBe(true);
      const totp = await locked.client.post('/two-factor/verify-totp', { code: totpCode(h(), user.secret) });
      await expectError(totp, REFUSED.accountLocked);
      expect(totp.setCookies.has(SESSION_COOKIE)).toBe(false);
      await expectError(
        locked.client.post('/two-factor/verify-backup-code', { code: user.backupCodes[0] }),
        REFUSED.accountLocked,
      );
      const sessions = await h()
        .auth.context.db.selectFrom('session')
        .select('id')
        .where('userId', '=', user.userId)
        .execute();
      expect(sessions).toHaveLength(1); // the enabling browser's own

      h().clock.advance(CODE_LOCK_SECONDS + 1);
      nextStep(h());
      const later = await signIn(h(), user.email);
      expect((await later.client.post('/two-factor/verify-totp', { code: totpCode(h(), user.secret) })).status).toBe(
        200,
      );
    });

    it("does not let strangers' wrong passwords keep the owner's browser from either step", async () => {
      // The owner's browser holds the account's device cookie from a sign-in before two-factor.
      const email = uniqueEmail('2fa-device');
      const { user: created } = await h().signUp(email, PASSWORD);
      const owner = h().client();
      expect((await owner.post('/sign-in/email', { email, password: PASSWORD })).status).toBe(200);
      const enabled = await owner.post('/two-factor/enable', { password: PASSWORD });
      const secret = secretOf(enabled.body.totpURI);
      nextStep(h());
      expect((await owner.post('/two-factor/verify-totp', { code: totpCode(h(), secret) })).status).toBe(200);
      await owner.post('/sign-out');

      for (let i = 0; i < 10; i += 1) {
        const stranger = await h().client().post('/sign-in/email', { email, password: 'wrong password' });
        expect(stranger.status).toBe(401);
      }
      expect((await signIn(h(), email)).response.status).toBe(429);

      // The test clock stands still, so the lock the strangers started still holds at both steps.
      const first = await owner.post('/sign-in/email', { email, password: PASSWORD });
      expect(first.body.twoFactorRedirect).toBe(true);
      const second = await owner.post('/two-factor/verify-backup-code', { code: enabled.body.backupCodes[0] });
      expect(second.status).toBe(200);
      expect(second.body.user.id).toBe(created.id);
      // Still locked for anyone else.
      expect((await signIn(h(), email)).response.status).toBe(429);
      h().clock.advance(3600);
    });

    it('turns two-factor off with the password, forgetting trusted browsers', async () => {
      const user = await userWithTwoFactor(h());
      await expectError(
        user.client.post('/two-factor/disable', { password: 'wrong password' }),
        REFUSED.invalidPassword,
      );
      const disabled = await user.client.post('/two-factor/disable', { password: PASSWORD });
      expect(disabled.status).toBe(200);
      expect(disabled.body).toEqual({ status: true });
      expect((await user.client.get('/get-session')).body.user.twoFactorEnabled).toBe(false);
      expect(await twoFactorRow(h(), user.userId)).toBeUndefined();
      expect(events).toContainEqual(expect.objectContaining({ type: 'two-factor-disabled', userId: user.userId }));
      const { response } = await signIn(h(), user.email);
      expect(response.body.token).toEqual(expect.any(String));
      expect(response.body.twoFactorRedirect).toBeUndefined();
    });

    it('regenerates backup codes with the password, the old ones void, and answers the TOTP URI again', async () => {
      const user = await userWithTwoFactor(h());
      const generated = await user.client.post('/two-factor/generate-backup-codes', { password: PASSWORD });
      expect(generated.status).toBe(200);
      expect(generated.body.status).toBe(true);
      expect(generated.body.backupCodes).toHaveLength(10);
      const uri = await user.client.post('/two-factor/get-totp-uri', { password: PASSWORD });
      expect(secretOf(uri.body.totpURI)).toBe(user.secret);

      const pending = await signIn(h(), user.email);
      await expectError(
        pending.client.post('/two-factor/verify-backup-code', { code: user.backupCodes[0] }),
        REFUSED.invalidBackupCode,
      );
      const ok = await pending.client.post('/two-factor/verify-backup-code', { code: generated.body.backupCodes[0] });
      expect(ok.status).toBe(200);
    });

    it('describes its routes in the API document', async () => {
      const document = await h().client().get('/openapi.json');
      expect(document.status).toBe(200);
      for (const path of [
        '/two-factor/enable',
        '/two-factor/verify-totp',
        '/two-factor/disable',
        '/two-factor/verify-backup-code',
        '/two-factor/generate-backup-codes',
        '/two-factor/get-totp-uri',
        '/two-factor/send-otp',
        '/two-factor/verify-otp',
      ])
        expect(Object.keys(document.body.paths)).toContain(path);
    });

    it('deletes the two-factor secret and trusted browsers with the account', async () => {
      const user = await userWithTwoFactor(h());
      const { client } = await signIn(h(), user.email);
      await client.post('/two-factor/verify-totp', { code: totpCode(h(), user.secret), trustDevice: true });
      expect((await client.post('/delete-user', { password: PASSWORD })).status).toBe(200);
      expect(await twoFactorRow(h(), user.userId)).toBeUndefined();
      const devices = await h()
        .auth.context.db.selectFrom(sql.table('trustedDevice').as('t'))
        .selectAll()
        .where(sql.ref('userId'), '=', user.userId)
        .execute();
      expect(devices).toEqual([]);
      const left = await h()
        .auth.context.db.selectFrom('verification')
        .select('identifier')
        .where('value', 'like', `${user.userId}%`)
        .execute();
      expect(left).toEqual([]);
    });

    it('refuses a second step without the two-factor cookie', async () => {
      await expectError(h().client().post('/two-factor/verify-totp', { code: '123456' }), REFUSED.invalidCookie);
      await expectError(
        h().client().post('/two-factor/verify-backup-code', { code: 'abcde-fghij' }),
        REFUSED.invalidCookie,
      );
    });
  },
  {
    plugins: [twoFactorPlugin()],
    observers: [{ event: (event) => events.push(event) }],
    user: { deleteUser: { enabled: true } },
  },
);
