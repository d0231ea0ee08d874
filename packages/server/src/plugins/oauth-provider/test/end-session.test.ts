/**
 * GET and POST /oauth2/end-session (OpenID Connect RP-Initiated Logout 1.0) on every database: a
 * verified id_token_hint ends the browser's session and sends it to the registered post-logout URI
 * with `state`, and nowhere else; a client without `enable_end_session`, a forged or another
 * client's hint are refused; without a hint (or for another session) the user confirms first, and
 * only a POST from our own origin confirms.
 */
import { SignJWT, generateKeyPair } from 'jose';
import { beforeEach, expect, it } from 'vitest';
import type { AuthEvent } from '../../..';
import { API, BASE_URL, describeEachDialect, type TestClient } from '../../../../test/support/harness';
import { signJwt } from '../keys/signing-keys';
import { resolveOAuthProviderOptions } from '../options';
import { insertClient, withOAuthProvider } from './fixtures';
import { POST_LOGOUT, sessionExists, signedInRp, tokensFor } from './logout-fixtures';
import { formPost, signedInUser } from './token-fixtures';

const NAVIGATE = { 'sec-fetch-mode': 'navigate', accept: 'text/html' };
const events: AuthEvent[] = [];
const observer = { event: (event: AuthEvent) => void events.push(event) };

function endSession(browser: TestClient, params: Record<string, string>, headers: Record<string, string> = NAVIGATE) {
  return browser.get(`/oauth2/end-session?${new URLSearchParams(params)}`, { headers });
}

async function sessionAnswer(browser: TestClient) {
  return (await browser.get('/get-session?disableCookieCache=true')).text;
}

describeEachDialect(
  'oauth-provider end-session',
  (h) => {
    beforeEach(() => {
      events.length = 0;
    });

    it('a verified hint for the browser session ends it and redirects to the registered URI with state', async () => {
      const { client, user, tokens } = await signedInRp(h());
      const response = await endSession(user.browser, {
        id_token_hint: tokens.id_token,
        post_logout_redirect_uri: POST_LOGOUT,
        state: 'af0ifjsldkj',
      });
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe(`${POST_LOGOUT}?state=af0ifjsldkj`);
      expect(response.setCookies.get('latchkey.session_token')?.attributes['max-age']).toBe('0');
      expect(await sessionExists(h(), user.sessionId)).toBe(false);
      expect(await sessionAnswer(user.browser)).toBe('null');
      expect(events.find((event) => event.type === 'oauth-logout')).toMatchObject({
        userId: user.userId,
        method: 'id_token_hint',
        detail: { clientId: client.clientId },
      });
    });

    it('a script is answered {redirect: true, url}, and with no redirect asked, null', async () => {
      const { user, tokens } = await signedInRp(h());
      const response = await endSession(
        user.browser,
        { id_token_hint: tokens.id_token, post_logout_redirect_uri: POST_LOGOUT },
        { 'sec-fetch-mode': 'cors' },
      );
      expect(response.body).toEqual({ redirect: true, url: POST_LOGOUT });
      const other = await signedInRp(h());
      const bare = await endSession(other.user.browser, { id_token_hint: other.tokens.id_token }, {});
      expect(bare.status).toBe(200);
      expect(bare.text).toBe('null');
      expect(await sessionExists(h(), other.user.sessionId)).toBe(false);
    });

    it('an unregistered or modified post-logout URI ends the session but redirects nowhere', async () => {
      for (const uri of [
        'https://evil.example.com/signed-out',
        `${POST_LOGOUT}?next=https://evil.example.com`,
        `${POST_LOGOUT}/`,
      ]) {
        const { user, tokens } = await signedInRp(h());
        const response = await endSession(user.browser, {
          id_token_hint: tokens.id_token,
          post_logout_redirect_uri: uri,
          state: 's',
        });
        expect(response.status).toBe(200);
        expect(response.headers.get('location')).toBeNull();
        expect(response.headers.get('content-type')).toContain('text/html');
        expect(response.text).toContain('You are signed out.');
        expect(response.text).not.toContain('evil.example.com');
        expect(await sessionExists(h(), user.sessionId)).toBe(false);
      }
    });

    it('refuses a client without enable_end_session (401 invalid_client) and keeps the session', async () => {
      const { user, tokens } = await signedInRp(h(), { enableEndSession: false });
      const response = await endSession(user.browser, { id_token_hint: tokens.id_token }, {});
      expect(response.status).toBe(401);
      expect(response.body).toEqual({
        error: 'invalid_client',
        error_description: 'The client is not allowed to initiate logout',
      });
      expect(await sessionExists(h(), user.sessionId)).toBe(true);
      // A navigation is shown the server's error page rather than JSON.
      const navigation = await endSession(user.browser, { id_token_hint: tokens.id_token });
      expect(navigation.status).toBe(302);
      expect(navigation.headers.get('location')).toContain(`${BASE_URL}${API}/error?error=invalid_client`);
    });

    it('refuses a forged hint, a hint for another client and a mismatched client_id (401 invalid_token)', async () => {
      const { client, user, tokens } = await signedInRp(h());
      const { privateKey } = await generateKeyPair('EdDSA');
      const forged = await new SignJWT({ sub: user.userId, sid: user.sessionId, aud: client.clientId })
        .setProtectedHeader({ alg: 'EdDSA', kid: 'forged' })
        .setIssuer(BASE_URL + API)
        .setIssuedAt()
        .sign(privateKey);
      const other = await insertClient(h(), { enableEndSession: true });
      const otherTokens = await tokensFor(h(), other, user);
      for (const params of <Record<string, string>[]>[
        { id_token_hint: forged },
        { id_token_hint: otherTokens.id_token, client_id: client.clientId },
        { id_token_hint: tokens.id_token, client_id: other.clientId },
        // An access token of ours is no ID token (an opaque one is not even a JWT).
        { id_token_hint: tokens.access_token, client_id: client.clientId },
      ]) {
        const response = await endSession(user.browser, params, {});
        expect(response.status).toBe(401);
        expect(response.body.error).toBe('invalid_token');
      }
      expect(await sessionExists(h(), user.sessionId)).toBe(true);
    });

    it('refuses our own logout token as the hint: signed by the same key, with aud, sub and sid, but typed logout+jwt', async () => {
      const { client, user } = await signedInRp(h());
      const iat = Math.floor(h().clock.now().getTime() / 1000);
      const logoutToken = await signJwt(
        h().auth.context,
        resolveOAuthProviderOptions(),
        { iss: BASE_URL + API, aud: client.clientId, sub: user.userId, sid: user.sessionId, iat, exp: iat + 120 },
        { typ: 'logout+jwt' },
      );
      const response = await endSession(user.browser, { id_token_hint: logoutToken }, {});
      expect(response.status).toBe(401);
      expect(response.body.error).toBe('invalid_token');
      expect(await sessionExists(h(), user.sessionId)).toBe(true);
    });

    it('accepts an expired ID token as the hint', async () => {
      const { user, tokens } = await signedInRp(h());
      h().clock.advance(11 * 60 * 60);
      const response = await endSession(user.browser, { id_token_hint: tokens.id_token }, {});
      expect(response.status).toBe(200);
      expect(await sessionExists(h(), user.sessionId)).toBe(false);
    });

    it("a relying party's server posting a verified hint, without the browser's cookies, ends that session", async () => {
      const { user, tokens } = await signedInRp(h());
      const response = await formPost(h(), '/oauth2/end-session', { id_token_hint: tokens.id_token });
      expect(response.status).toBe(200);
      expect(await sessionExists(h(), user.sessionId)).toBe(false);
    });

    it('without a hint, a navigation is asked to confirm and a script refused; a GET never ends the session', async () => {
      const { client, user } = await signedInRp(h());
      const page = await endSession(user.browser, {
        client_id: client.clientId,
        post_logout_redirect_uri: POST_LOGOUT,
        state: 'xyz',
        confirm: 'true',
      });
      expect(page.status).toBe(200);
      expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(page.text).toContain(`<form method="post" action="${BASE_URL}${API}/oauth2/end-session">`);
      expect(page.text).toContain('name="confirm" value="true"');
      expect(page.text).toContain(`name="post_logout_redirect_uri" value="${POST_LOGOUT}"`);
      const script = await endSession(user.browser, { client_id: client.clientId }, {});
      expect(script.status).toBe(400);
      expect(script.body).toEqual({
        error: 'invalid_request',
        error_description: 'User confirmation is required to complete logout',
      });
      expect(await sessionExists(h(), user.sessionId)).toBe(true);
    });

    it("the confirmation and signed-out pages speak the browser's language (Accept-Language)", async () => {
      const { client, user } = await signedInRp(h());
      const german = await endSession(
        user.browser,
        { client_id: client.clientId },
        { ...NAVIGATE, 'accept-language': 'de-CH, de;q=0.9, en;q=0.5' },
      );
      expect(german.status).toBe(200);
      expect(german.headers.get('content-language')).toBe('de');
      expect(german.headers.get('vary')).toContain('accept-language');
      expect(german.text).toContain('<html lang="de">');
      expect(german.text).toContain('<h1>Abmelden?</h1><p>Möchten Sie sich von diesem Konto abmelden?</p>');
      expect(german.text).toContain('<button type="submit">Abmelden</button>');
      // None of the eight asked: English.
      const other = await endSession(
        user.browser,
        { client_id: client.clientId },
        { ...NAVIGATE, 'accept-language': 'ja' },
      );
      expect(other.text).toContain('<html lang="en">');
      expect(other.text).toContain('<h1>Sign out?</h1>');

      const { user: russian, tokens } = await signedInRp(h());
      const signedOut = await endSession(
        russian.browser,
        { id_token_hint: tokens.id_token, post_logout_redirect_uri: 'https://evil.example.com/' },
        { ...NAVIGATE, 'accept-language': 'ru' },
      );
      expect(signedOut.status).toBe(200);
      expect(signedOut.text).toContain('<html lang="ru">');
      expect(signedOut.text).toContain('<title>Выход выполнен</title>');
      expect(signedOut.text).toContain('<h1>Вы вышли из системы.</h1>');
      expect(signedOut.text).toContain('Адрес возврата приложения не зарегистрирован');
      expect(await sessionExists(h(), russian.sessionId)).toBe(false);
    });

    it('a hint for another session asks for confirmation and ends neither session', async () => {
      const { client, user } = await signedInRp(h());
      const elsewhere = await signedInUser(h());
      const foreign = await tokensFor(h(), client, elsewhere);
      const page = await endSession(user.browser, { id_token_hint: foreign.id_token });
      expect(page.status).toBe(200);
      expect(page.text).toContain('Sign out?');
      expect(await sessionExists(h(), user.sessionId)).toBe(true);
      expect(await sessionExists(h(), elsewhere.sessionId)).toBe(true);
    });

    it('the confirmation posted from our origin ends the session and redirects to the verified URI', async () => {
      const { client, user } = await signedInRp(h());
      const form = new URLSearchParams({
        confirm: 'true',
        client_id: client.clientId,
        post_logout_redirect_uri: POST_LOGOUT,
        state: 'xyz',
      });
      const confirm = (origin: string) =>
        user.browser.request('POST', '/oauth2/end-session', undefined, {
          origin,
          rawBody: form.toString(),
          headers: { 'content-type': 'application/x-www-form-urlencoded', ...NAVIGATE },
        });
      // A page elsewhere posting the same form (cross-site request forgery) is refused by the engine.
      const forged = await confirm('https://evil.example.com');
      expect(forged.status).toBe(403);
      expect(await sessionExists(h(), user.sessionId)).toBe(true);

      const response = await confirm(BASE_URL);
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe(`${POST_LOGOUT}?state=xyz`);
      expect(await sessionExists(h(), user.sessionId)).toBe(false);
      expect(events.find((event) => event.type === 'oauth-logout')).toMatchObject({ method: 'confirmation' });
    });

    it('with no browser session and no hint, nothing ends and the browser goes to the verified URI', async () => {
      const { client } = await signedInRp(h());
      const response = await endSession(h().client(), {
        client_id: client.clientId,
        post_logout_redirect_uri: POST_LOGOUT,
      });
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe(POST_LOGOUT);
      expect(events.some((event) => event.type === 'oauth-logout')).toBe(false);
    });
  },
  withOAuthProvider({}, { observers: [observer] }),
);
