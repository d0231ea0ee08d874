import '../support/dom';
/**
 * Passkeys where they cannot work are not offered: in a browser without WebAuthn, or on a page
 * opened by IP address (a WebAuthn relying-party ID must be a domain), the sign-in page has no
 * "Sign in with a passkey" and starts no autofill ceremony, and Account → Security says why in
 * place of an "Add a passkey" that could only fail; the passkeys already there stay listed.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BrowserWebAuthn } from '../../../../packages/server/test/support/browser-webauthn';
import { SoftAuthenticator } from '../../../../packages/server/test/support/soft-authenticator';
import { isIpAddress } from '../../src/lib/passkey-availability';
import { createUser } from '../auth/auth-test-helpers';
import { renderApp, useTestServer } from '../support/render-app';
import { installSoftCredentials, registerPasskey } from './soft-credentials';

const server = useTestServer();
let credentials: BrowserWebAuthn | undefined;
afterEach(() => {
  credentials?.uninstall();
  credentials = undefined;
  vi.restoreAllMocks();
});

/** The page as opened at `hostname` (the test DOM's own is localhost). */
function openedAt(hostname: string) {
  vi.spyOn(window.location, 'hostname', 'get').mockReturnValue(hostname);
}

async function signInPageHasNoPasskeyButton() {
  renderApp(server, '/sign-in');
  await screen.findByLabelText(/^E-mail or username/);
  expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).toBeNull();
}

async function securitySays(reason: string) {
  const user = await createUser(server);
  await registerPasskey(user.auth, server.baseURL, 'Laptop');
  renderApp(server, '/account/security', { auth: user.auth });
  const heading = await screen.findByRole('heading', { level: 2, name: 'Passkeys' });
  const section = heading.closest('section') ?? heading.parentElement!.parentElement!;
  await waitFor(() => expect(within(section).getAllByTestId('passkey-row')).toHaveLength(1));
  expect(within(section).getByText(reason)).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Add a passkey' })).toBeNull();
}

describe('passkeys where they cannot work', () => {
  it('a browser without WebAuthn: no sign-in button', async () => {
    await signInPageHasNoPasskeyButton();
  });

  it('a browser without WebAuthn: Account → Security says so instead of offering to add one', async () => {
    await securitySays('This browser does not support passkeys. Use one that does to add a passkey.');
  });

  it('a page opened by IP address: no sign-in button and no autofill ceremony', async () => {
    // A browser that offers autofill: only the address keeps the page from starting its ceremony.
    credentials = new BrowserWebAuthn(new SoftAuthenticator(server.baseURL), { conditionalMediation: true });
    credentials.install();
    openedAt('192.168.1.20');
    await signInPageHasNoPasskeyButton();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(credentials.calls).toEqual([]);
  });

  it('a page opened by IP address: Account → Security says why', async () => {
    credentials = installSoftCredentials(server.baseURL);
    openedAt('[::1]');
    await securitySays(
      'Passkeys cannot work on this page because it was opened by its IP address. Open it by the server’s domain name to add or use a passkey.',
    );
  });

  it('localhost and domain names are not IP addresses', () => {
    expect(isIpAddress('localhost')).toBe(false);
    expect(isIpAddress('auth.example.com')).toBe(false);
    expect(isIpAddress('10.0.0.1')).toBe(true);
    expect(isIpAddress('[2001:db8::1]')).toBe(true);
  });
});
