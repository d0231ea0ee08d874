import '../support/dom';
/**
 * Where each session and trusted browser is (issue #32 item 20), against a real server with a
 * GeoIP database (the test fixture written in MaxMind's format): the account's sessions, its
 * trusted devices and the admin's view of a user's sessions show the IP address, the device, and
 * the city and country; an address with no place (this test's own 127.0.0.1) shows no location line.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { openGeoIpDatabase } from '@latchkey/server';
import type { AppAuth } from '../../src/lib/auth';
import { BERLIN_IP, FRANCE_IP, geoIpDatabaseFile } from '../../../../packages/server/test/support/geoip-fixture';
import { signInAdmin } from '../admin/admin-session';
import { createTestAuth, renderApp, useTestServer } from '../support/render-app';
import { PASSWORD } from '../support/test-server';
import { userWithTwoFactor } from '../two-factor/two-factor-test-helpers';
import { signedInUser } from './signed-in-user';

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const ipLocation = await openGeoIpDatabase(geoIpDatabaseFile());
const server = useTestServer({ ipLocation, forwardedFor: true });

/** The user signed in again from `ip`, in Firefox on Windows. */
async function deviceAt(email: string, ip: string): Promise<AppAuth> {
  const auth = createTestAuth(server);
  const { error } = await auth.client.signIn.email(
    { email, password: PASSWORD },
    { headers: { 'user-agent': FIREFOX_WINDOWS, 'x-forwarded-for': ip } },
  );
  if (error) throw new Error(`sign-in failed: ${error.code}`);
  return auth;
}

describe('session places', () => {
  it('the account’s sessions show each device with its IP address and, where known, its city and country', async () => {
    const user = await signedInUser(server);
    await deviceAt(user.email, BERLIN_IP);
    renderApp(server, '/account/sessions', { auth: user.auth });

    await waitFor(() => expect(screen.getAllByTestId('session-row')).toHaveLength(2));
    const [current, other] = screen.getAllByTestId('session-row') as [HTMLElement, HTMLElement];
    expect(within(other).getByText('Firefox 128 on Windows')).toBeTruthy();
    expect(within(other).getByText(BERLIN_IP)).toBeTruthy();
    expect(within(other).getByText('Location:')).toBeTruthy();
    expect(within(other).getByText('Berlin, Germany')).toBeTruthy();
    // The test's own address is a loopback one: no place, so no line for it.
    expect(within(current).getByText('127.0.0.1')).toBeTruthy();
    expect(within(current).queryByText('Location:')).toBeNull();
  });

  it('trusted devices show the IP address they were trusted from and where it is', async () => {
    const user = await userWithTwoFactor(server);
    const browser = createTestAuth(server);
    const from = { headers: { 'user-agent': FIREFOX_WINDOWS, 'x-forwarded-for': FRANCE_IP } };
    const signIn = await browser.client.signIn.email({ email: user.email, password: PASSWORD }, from);
    expect(signIn.data).toMatchObject({ twoFactorRedirect: true });
    const verified = await browser.client.twoFactor.verifyBackupCode(
      { code: user.backupCodes[0]!, trustDevice: true },
      from,
    );
    expect(verified.error).toBeNull();

    renderApp(server, '/account/security', { auth: user.auth });
    const list = await screen.findByRole('list', { name: 'Trusted devices' });
    const row = within(list).getByTestId('trusted-device-row');
    expect(within(row).getByText('Firefox 128 on Windows')).toBeTruthy();
    expect(within(row).getByText('IP address:')).toBeTruthy();
    expect(within(row).getByText(FRANCE_IP)).toBeTruthy();
    expect(within(row).getByText('France')).toBeTruthy();
  });

  it('the admin’s view of a user’s sessions shows the device, the IP address and its place', async () => {
    const admin = await signInAdmin(server);
    const user = await signedInUser(server);
    await deviceAt(user.email, BERLIN_IP);
    const id = (await user.auth.client.getSession()).data!.user.id;
    renderApp(server, `/admin/users/${id}`, { auth: admin });

    const table = await screen.findByRole('table', { name: 'Sessions' });
    const berlin = await within(table).findByText(BERLIN_IP);
    const row = berlin.closest('tr')!;
    expect(within(row).getByText('Firefox 128 on Windows')).toBeTruthy();
    expect(within(row).getByText('Berlin, Germany')).toBeTruthy();
  });
});
