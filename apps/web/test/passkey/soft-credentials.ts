/**
 * @module The passkey component tests' browser: the server tests' WebAuthn emulation
 * (packages/server/test/support/browser-webauthn.ts) over a software authenticator, without
 * conditional mediation, so that no autofill ceremony starts unasked. The real ceremony, in
 * Chromium with a virtual authenticator, is e2e/passkey.test.ts's.
 */
import { expect } from 'vitest';
import { BrowserWebAuthn } from '../../../../packages/server/test/support/browser-webauthn';
import { SoftAuthenticator } from '../../../../packages/server/test/support/soft-authenticator';
import type { AppAuth } from '../../src/lib/auth';

/** Installs the emulation on the page's navigator; `origin` is the page's (the test server's). */
export function installSoftCredentials(origin: string, authenticator = new SoftAuthenticator(origin)): BrowserWebAuthn {
  const browser = new BrowserWebAuthn(authenticator, { conditionalMediation: false });
  browser.install();
  return browser;
}

/** Registers a passkey for `auth`'s user through the API (the Security section has its own test). */
export async function registerPasskey(auth: AppAuth, origin: string, name: string) {
  const authenticator = new SoftAuthenticator(origin);
  const options = await auth.client.passkey.generateRegisterOptions();
  expect(options.error).toBeNull();
  const response = authenticator.create(options.data as Parameters<SoftAuthenticator['create']>[0]);
  const registered = await auth.client.passkey.verifyRegistration({ response, name });
  expect(registered.error).toBeNull();
  return { authenticator, passkey: registered.data! };
}
