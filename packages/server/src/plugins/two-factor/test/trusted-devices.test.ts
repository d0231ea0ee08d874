/**
 * Trusted browsers on every database: the list of the user's own, with the browser asking marked
 * current; forgetting one (only one's own), after which that browser is asked the second step
 * again; the single-use token even when two copies of a cookie sign in at once; the digest alone
 * at rest; and the prune job deleting expired ones.
 */
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { expectError } from '../../../../../../test/expect-error';
import { twoFactorPlugin } from '../../..';
import { sha256Hex } from '../../../crypto/digest';
import { unsignValue } from '../../../crypto/hmac';
import { pruneJobForTests } from '../../../testing';
import { describeEachDialect, SECRET, type Harness, type TestClient } from '../../../../test/support/harness';
import { PASSWORD, signIn, totpCode, userWithTwoFactor, type TwoFactorUser } from './support';
import { openGeoIpDatabase } from '../../../ip-location/geoip-database';
import { BERLIN, geoIpDatabaseFile } from '../../../../test/support/geoip-fixture';

const ipLocation = await openGeoIpDatabase(geoIpDatabaseFile());

const NEW_PASSWORD = 'a password after the old one leaked';

const TRUST_COOKIE = 'latchkey.trust_device';
const USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0';
const NOT_FOUND = { status: 404, code: 'TRUSTED_DEVICE_NOT_FOUND', message: 'Trusted device not found' };

/** A new browser of the user that passes the second step with "trust this device". */
async function trustedBrowser(h: Harness, user: TwoFactorUser): Promise<TestClient> {
  const { client } = await signIn(h, user.email);
  const verified = await client.post(
    '/two-factor/verify-totp',
    { code: totpCode(h, user.secret), trustDevice: true },
    { headers: { 'user-agent': USER_AGENT } },
  );
  expect(verified.status).toBe(200);
  h.clock.advance(30);
  return client;
}

async function deviceRows(h: Harness, userId: string) {
  return h.auth.context.db
    .selectFrom(sql.table('trustedDevice').as('t'))
    .selectAll()
    .where(sql.ref('userId'), '=', userId)
    .execute() as Promise<Record<string, unknown>[]>;
}

describeEachDialect(
  'two-factor trusted devices',
  (h) => {
    it('lists the user’s trusted browsers with their IP address and its place, marking the one asking, and keeps only the token’s digest', async () => {
      const user = await userWithTwoFactor(h());
      const browser = await trustedBrowser(h(), user);
      const listed = await browser.get('/two-factor/list-trusted-devices');
      expect(listed.status).toBe(200);
      const created = h().clock.now().getTime() - 30_000;
      expect(listed.body).toEqual([
        {
          id: expect.any(String),
          userAgent: USER_AGENT,
          ipAddress: '203.0.113.10',
          location: BERLIN,
          createdAt: new Date(created).toISOString(),
          lastUsedAt: new Date(created).toISOString(),
          expiresAt: new Date(created + 2_592_000_000).toISOString(),
          current: true,
        },
      ]);
      // The browser that enabled two-factor holds no trust cookie: the same device, not current there.
      const other = await user.client.get('/two-factor/list-trusted-devices');
      expect(other.body).toEqual([expect.objectContaining({ id: listed.body[0].id, current: false })]);

      const token = unsignValue(decodeURIComponent(browser.cookies.get(TRUST_COOKIE)!), SECRET)!;
      const rows = await deviceRows(h(), user.userId);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.tokenHash).toBe(sha256Hex(token));
      expect(JSON.stringify(rows[0])).not.toContain(token);
    });

    it('keeps the entry across uses, with a new last use and expiry, and hides it once expired', async () => {
      const user = await userWithTwoFactor(h());
      const browser = await trustedBrowser(h(), user);
      const [before] = (await browser.get('/two-factor/list-trusted-devices')).body;
      await browser.post('/sign-out');
      h().clock.advance(3600);
      expect((await signIn(h(), user.email, browser)).response.body.twoFactorRedirect).toBeUndefined();
      const [after] = (await browser.get('/two-factor/list-trusted-devices')).body;
      expect(after).toMatchObject({ id: before.id, createdAt: before.createdAt, current: true });
      expect(after.lastUsedAt).toBe(h().clock.now().toISOString());
      expect(new Date(after.expiresAt).getTime()).toBe(h().clock.now().getTime() + 2_592_000_000);

      h().clock.advance(2_592_000 + 1);
      // Sessions have expired too: a new one, through the second step.
      const fresh = await signIn(h(), user.email);
      const step = await fresh.client.post('/two-factor/verify-backup-code', { code: user.backupCodes[0] });
      expect(step.status).toBe(200);
      expect((await fresh.client.get('/two-factor/list-trusted-devices')).body).toEqual([]);
      expect(await deviceRows(h(), user.userId)).toHaveLength(1);
      // And the prune job deletes it.
      await pruneJobForTests(h().auth).runPass();
      expect(await deviceRows(h(), user.userId)).toEqual([]);
    });

    it('forgets a trusted browser: its next sign-in asks the second step again', async () => {
      const user = await userWithTwoFactor(h());
      const browser = await trustedBrowser(h(), user);
      const [device] = (await browser.get('/two-factor/list-trusted-devices')).body;
      const forgotten = await browser.post('/two-factor/forget-trusted-device', { id: device.id });
      expect(forgotten.status).toBe(200);
      expect(forgotten.body).toEqual({ status: true });
      // The browser asking was the one forgotten: its cookie is cleared.
      expect(forgotten.setCookies.get(TRUST_COOKIE)?.attributes['max-age']).toBe('0');
      expect(await deviceRows(h(), user.userId)).toEqual([]);
      await expectError(browser.post('/two-factor/forget-trusted-device', { id: device.id }), NOT_FOUND);
      await browser.post('/sign-out');
      expect((await signIn(h(), user.email, browser)).response.body.twoFactorRedirect).toBe(true);
    });

    it('forgets from another browser, leaving the asking browser’s cookie alone', async () => {
      const user = await userWithTwoFactor(h());
      const browser = await trustedBrowser(h(), user);
      const [device] = (await user.client.get('/two-factor/list-trusted-devices')).body;
      const forgotten = await user.client.post('/two-factor/forget-trusted-device', { id: device.id });
      expect(forgotten.status).toBe(200);
      expect(forgotten.setCookies.has(TRUST_COOKIE)).toBe(false);
      await browser.post('/sign-out');
      const again = await signIn(h(), user.email, browser);
      expect(again.response.body.twoFactorRedirect).toBe(true);
      // The stale cookie is cleared at that sign-in.
      expect(again.response.setCookies.get(TRUST_COOKIE)?.attributes['max-age']).toBe('0');
    });

    it('lets no other user see or forget a browser', async () => {
      const user = await userWithTwoFactor(h());
      const browser = await trustedBrowser(h(), user);
      const [device] = (await browser.get('/two-factor/list-trusted-devices')).body;
      const stranger = await h().signUp();
      expect((await stranger.client.get('/two-factor/list-trusted-devices')).body).toEqual([]);
      await expectError(stranger.client.post('/two-factor/forget-trusted-device', { id: device.id }), NOT_FOUND);
      expect(await deviceRows(h(), user.userId)).toHaveLength(1);
      expect((await h().client().get('/two-factor/list-trusted-devices')).status).toBe(401);
    });

    // Guard: the token swap conditional on the old token's digest (updateTable('trustedDevice') … where tokenHash, plugins/two-factor/trusted-device.ts).
    it('lets only one of two copies of a cookie used at once skip the second step, and neither after', async () => {
      const user = await userWithTwoFactor(h());
      const browser = await trustedBrowser(h(), user);
      await browser.post('/sign-out');
      const copy = h().client();
      copy.cookies.set(TRUST_COOKIE, browser.cookies.get(TRUST_COOKIE)!);
      const answers = await Promise.all([signIn(h(), user.email, browser), signIn(h(), user.email, copy)]);
      const skipped = answers.filter(({ response }) => response.body.twoFactorRedirect === undefined);
      expect(skipped).toHaveLength(1);
      expect(answers.filter(({ response }) => response.body.twoFactorRedirect === true)).toHaveLength(1);
      // The loser's cookie is cleared; the winner's token is new, and the old one names nothing.
      const loser = answers.find(({ response }) => response.body.twoFactorRedirect === true)!;
      expect(loser.response.setCookies.get(TRUST_COOKIE)?.attributes['max-age']).toBe('0');
      expect(await deviceRows(h(), user.userId)).toHaveLength(1);
    });

    it('forgets every trusted browser when two-factor is turned off', async () => {
      const user = await userWithTwoFactor(h());
      await trustedBrowser(h(), user);
      await trustedBrowser(h(), user);
      expect((await user.client.get('/two-factor/list-trusted-devices')).body).toHaveLength(2);
      expect((await user.client.post('/two-factor/disable', { password: 'correct horse battery' })).status).toBe(200);
      expect(await deviceRows(h(), user.userId)).toEqual([]);
    });

    it('forgets every trusted browser when the password is reset by mail, and that browser is asked again', async () => {
      const user = await userWithTwoFactor(h());
      const trusted = await trustedBrowser(h(), user);
      await trustedBrowser(h(), user);
      const other = await userWithTwoFactor(h());
      await trustedBrowser(h(), other);
      expect(await deviceRows(h(), user.userId)).toHaveLength(2);

      expect((await h().client().post('/forget-password', { email: user.email, redirectTo: '/reset' })).status).toBe(
        200,
      );
      const mail = await h().mail.waitFor(user.email);
      const token = new URL(mail.links[0]!).pathname.split('/').pop()!;
      const reset = await h().client().post('/reset-password', { token, newPassword: NEW_PASSWORD });
      expect(reset.status).toBe(200);
      expect(await deviceRows(h(), user.userId)).toEqual([]);
      // Another user's trusted browsers stay.
      expect(await deviceRows(h(), other.userId)).toHaveLength(1);
      await trusted.post('/sign-out');
      const again = await trusted.post('/sign-in/email', { email: user.email, password: NEW_PASSWORD });
      expect(again.body.twoFactorRedirect).toBe(true);
    });

    it('forgets every trusted browser when the password is changed ending other sessions, and only then', async () => {
      const user = await userWithTwoFactor(h());
      await trustedBrowser(h(), user);
      const kept = await user.client.post('/change-password', {
        currentPassword: PASSWORD,
        newPassword: NEW_PASSWORD,
      });
      expect(kept.status).toBe(200);
      expect(await deviceRows(h(), user.userId)).toHaveLength(1);

      const ended = await user.client.post('/change-password', {
        currentPassword: NEW_PASSWORD,
        newPassword: PASSWORD,
        revokeOtherSessions: true,
      });
      expect(ended.status).toBe(200);
      expect(await deviceRows(h(), user.userId)).toEqual([]);
    });
  },
  { plugins: [twoFactorPlugin()], ipLocation },
);
