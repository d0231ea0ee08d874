/**
 * better-auth's own `passkeyClient()` (@better-auth/passkey 1.7.6) with its `createAuthClient`,
 * unchanged, against a Latchkey engine with the passkey plugin: its fetch goes to the engine's
 * handler through a browser-like cookie jar, and @simplewebauthn/browser's calls reach the software
 * authenticator through an emulated browser WebAuthn API (test/support/browser-webauthn). Add,
 * list, rename, sign in without an e-mail, delete — and the errors the client reports. One
 * database, as the twoFactorClient test: the plugin's own suite covers the three.
 */
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { BrowserCookies } from '../../../../../../test/browser-cookies';
import { PASSKEY_ERRORS, passkeyPlugin } from '../../..';
import {
  createPasskeyAuthClient,
  ensureBetterAuthPasskeyInstalled,
} from '../../../../test/support/better-auth-passkey';
import { BrowserWebAuthn } from '../../../../test/support/browser-webauthn';
import { API, BASE_URL, ORIGIN, createHarness, uniqueEmail, type Harness } from '../../../../test/support/harness';
import { SoftAuthenticator } from '../../../../test/support/soft-authenticator';

const PASSWORD = 'correct horse battery';
let h: Harness & { close(): Promise<void> };
const webAuthn = new BrowserWebAuthn(new SoftAuthenticator(ORIGIN));

beforeAll(async () => {
  // First use on a clean clone installs the client's package (npm ci): more than a hook's minute.
  await ensureBetterAuthPasskeyInstalled();
  webAuthn.install();
  h = await createHarness('sqlite', { plugins: [passkeyPlugin()] });
}, 300_000);
afterAll(async () => {
  webAuthn.uninstall();
  await h?.close();
});

/** A browser's better-auth client with passkeyClient(): its requests reach the engine's handler with a cookie jar. */
function browserClient() {
  const cookies = new BrowserCookies(`${BASE_URL}${API}/`);
  const customFetchImpl = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const request = new Request(input, init);
    const headers = new Headers(request.headers);
    headers.set('origin', ORIGIN);
    const cookie = cookies.header(request.url);
    if (cookie !== '') headers.set('cookie', cookie);
    const response = await h.auth.handler(new Request(request, { headers }), { clientIp: '198.51.100.8' });
    cookies.keep(response, request.url);
    return response;
  };
  return createPasskeyAuthClient(BASE_URL, customFetchImpl);
}

it('adds, lists, renames and deletes a passkey and signs in with it through passkeyClient()', async () => {
  const email = uniqueEmail('ba-passkey');
  const owner = await browserClient();
  const signUp = await owner.signUp.email({ email, password: PASSWORD, name: 'Client' });
  expect(signUp.error).toBeNull();
  const userId = (signUp.data as { user: { id: string } }).user.id;
  const authenticator = webAuthn.authenticator;

  const added = await owner.passkey.addPasskey({ name: 'Laptop' });
  expect(added.error).toBeNull();
  expect(added.data).toMatchObject({ name: 'Laptop', userId, credentialID: authenticator.id, counter: 1 });
  const passkeyId = added.data!.id;
  // The authenticator was asked for a credential of the account (its e-mail, what the browser's
  // picker lists) and the person's name; the passkey's own name is its label only.
  expect(webAuthn.calls.at(-1)).toMatchObject({
    ceremony: 'create',
    options: { user: { name: email, displayName: 'Client' } },
  });

  // The same authenticator again: excluded by the options, so the client reports it registered.
  const again = await owner.passkey.addPasskey({ name: 'Twice' });
  expect(again.error).toMatchObject({ status: 400, code: 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' });

  const listed = await owner.passkey.listUserPasskeys();
  expect(listed.error).toBeNull();
  expect(listed.data).toEqual([
    expect.objectContaining({ id: passkeyId, name: 'Laptop', credentialID: authenticator.id }),
  ]);
  const renamed = await owner.passkey.updatePasskey({ id: passkeyId, name: 'Phone' });
  expect(renamed.error).toBeNull();
  expect(renamed.data!.passkey).toMatchObject({ id: passkeyId, name: 'Phone' });

  // Another browser, no session and no e-mail asked: a discoverable credential signs the user in.
  const visitor = await browserClient();
  expect((await visitor.getSession()).data).toBeNull();
  const signedIn = await visitor.signIn.passkey();
  expect(signedIn.error).toBeNull();
  expect(signedIn.data!.user).toMatchObject({ id: userId });
  expect(webAuthn.calls.at(-1)).toMatchObject({ ceremony: 'get', options: { rpId: 'localhost' } });
  expect((await visitor.getSession()).data?.user).toMatchObject({ id: userId, email });
  expect((await owner.passkey.listUserPasskeys()).data).toEqual([
    expect.objectContaining({ id: passkeyId, name: 'Phone', counter: 2 }),
  ]);

  const deleted = await owner.passkey.deletePasskey({ id: passkeyId });
  expect(deleted).toMatchObject({ data: { status: true }, error: null });
  expect((await owner.passkey.listUserPasskeys()).data).toEqual([]);

  // The deleted credential signs nobody in: the server's error reaches the client as it sent it.
  const stranger = await browserClient();
  const refused = await stranger.signIn.passkey();
  const { status, code, message } = PASSKEY_ERRORS.unknownSignInPasskey;
  expect(refused.error).toMatchObject({ status, code, message });
  expect((await stranger.getSession()).data).toBeNull();
});

it('answers the client’s errors for a passkey that is not the user’s, and without a session', async () => {
  const first = await browserClient();
  await first.signUp.email({ email: uniqueEmail('ba-passkey'), password: PASSWORD, name: 'First' });
  webAuthn.authenticator = new SoftAuthenticator(ORIGIN);
  const added = await first.passkey.addPasskey({ name: 'Key' });
  expect(added.error).toBeNull();

  const second = await browserClient();
  await second.signUp.email({ email: uniqueEmail('ba-passkey'), password: PASSWORD, name: 'Second' });
  const foreign = await second.passkey.updatePasskey({ id: added.data!.id, name: 'Mine' });
  expect(foreign.error).toMatchObject({
    status: PASSKEY_ERRORS.youAreNotAllowedToRegisterThisPasskey.status,
    code: PASSKEY_ERRORS.youAreNotAllowedToRegisterThisPasskey.code,
  });
  expect((await second.passkey.deletePasskey({ id: added.data!.id })).error).toMatchObject({
    code: PASSKEY_ERRORS.youAreNotAllowedToRegisterThisPasskey.code,
  });
  expect((await first.passkey.listUserPasskeys()).data).toEqual([expect.objectContaining({ name: 'Key' })]);

  const anonymous = await browserClient();
  expect((await anonymous.passkey.addPasskey({ name: 'x' })).error).toMatchObject({ status: 401 });
  expect((await anonymous.passkey.listUserPasskeys()).error).toMatchObject({ status: 401 });
});

it('signs in through the sign-in form’s autofill (conditional UI), as signIn.passkey({ autoFill: true }) asks', async () => {
  const owner = await browserClient();
  const signUp = await owner.signUp.email({ email: uniqueEmail('ba-passkey'), password: PASSWORD, name: 'Autofill' });
  const userId = (signUp.data as { user: { id: string } }).user.id;
  webAuthn.authenticator = new SoftAuthenticator(ORIGIN);
  expect((await owner.passkey.addPasskey({ name: 'Autofill key' })).error).toBeNull();

  // The page's username field carries autocomplete="username webauthn", which @simplewebauthn/browser looks for.
  vi.stubGlobal('document', {
    querySelectorAll: (selector: string) => (selector === "input[autocomplete$='webauthn']" ? [{}] : []),
  });
  const visitor = await browserClient();
  const signedIn = await visitor.signIn.passkey({ autoFill: true });
  expect(signedIn.error).toBeNull();
  expect(webAuthn.calls.at(-1)).toMatchObject({
    ceremony: 'get',
    mediation: 'conditional',
    options: { allowCredentials: [] },
  });
  expect((await visitor.getSession()).data?.user).toMatchObject({ id: userId });
});
