/**
 * openid-client, panva's certified relying-party library, through every grant against the provider
 * on every database: discovery, the authorization code flow with PKCE, nonce and state (the ID
 * token checked against the JWKS, the RFC 9207 `iss` checked), userinfo, refresh, client
 * credentials, introspection and revocation; a public client; prompts and max_age.
 */
import * as client from 'openid-client';
import { expect, it } from 'vitest';
import { describeEachDialect, uniqueEmail, type Harness } from '../../../../test/support/harness';
import { insertClient, RP_REDIRECT, withOAuthProvider } from './fixtures';
import { ISSUER, openAuthorization, relyingParty, signInAndConsent, consentIfAsked } from './relying-party';

const PASSWORD = 'correct horse battery';

async function startAuthorization(config: client.Configuration, extra: Record<string, string> = {}) {
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: RP_REDIRECT,
    scope: 'openid profile email offline_access',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    ...extra,
  });
  return {
    url,
    checks: { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce, idTokenExpected: true },
  };
}

async function userAndBrowser(h: Harness) {
  const email = uniqueEmail('rp');
  const { user } = await h.signUp(email, PASSWORD, 'Ada Lovelace');
  return { user, email, browser: h.client() };
}

describeEachDialect(
  'oauth-provider with openid-client',
  (h) => {
    it('runs the authorization code flow with PKCE and nonce, then userinfo, refresh, introspection and revocation', async () => {
      const { clientId, clientSecret } = await insertClient(h(), {
        grantTypes: ['authorization_code', 'refresh_token'],
      });
      const config = await relyingParty(h(), clientId, client.ClientSecretBasic(clientSecret));
      expect(config.serverMetadata().issuer).toBe(ISSUER);

      const { user, email, browser } = await userAndBrowser(h());
      const { url, checks } = await startAuthorization(config);
      const loginPage = await openAuthorization(browser, url);
      expect(loginPage.pathname).toBe('/sign-in');
      const callback = await signInAndConsent(browser, loginPage, { email, password: PASSWORD });
      expect(callback.origin + callback.pathname).toBe(RP_REDIRECT);

      const tokens = await client.authorizationCodeGrant(config, callback, checks);
      expect(tokens.token_type.toLowerCase()).toBe('bearer');
      expect(tokens.refresh_token).toEqual(expect.any(String));
      const claims = tokens.claims();
      expect(claims).toMatchObject({ iss: ISSUER, sub: user.id, aud: clientId, nonce: checks.expectedNonce });

      const info = await client.fetchUserInfo(config, tokens.access_token, user.id);
      expect(info).toMatchObject({ sub: user.id, email, email_verified: false, name: 'Ada Lovelace' });

      const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token!);
      expect(refreshed.access_token).not.toBe(tokens.access_token);
      expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
      expect(refreshed.claims()?.sub).toBe(user.id);

      const active = await client.tokenIntrospection(config, refreshed.access_token);
      expect(active).toMatchObject({ active: true, client_id: clientId, sub: user.id });
      await client.tokenRevocation(config, refreshed.access_token);
      expect(await client.tokenIntrospection(config, refreshed.access_token)).toMatchObject({ active: false });
    });

    it('serves a public client with PKCE and no secret', async () => {
      const { clientId } = await insertClient(h(), { tokenEndpointAuthMethod: 'none' });
      const config = await relyingParty(h(), clientId, client.None());
      const { user, email, browser } = await userAndBrowser(h());
      const { url, checks } = await startAuthorization(config, { scope: 'openid email' });
      const callback = await signInAndConsent(browser, await openAuthorization(browser, url), {
        email,
        password: PASSWORD,
      });
      const tokens = await client.authorizationCodeGrant(config, callback, checks);
      expect(tokens.claims()?.sub).toBe(user.id);
      expect(tokens.refresh_token).toBeUndefined();
    });

    it('issues client credentials tokens to a confidential client posting its secret', async () => {
      const { clientId, clientSecret } = await insertClient(h(), {
        tokenEndpointAuthMethod: 'client_secret_post',
        grantTypes: ['client_credentials'],
        clientCredentialsScopes: JSON.stringify(['email']),
      });
      const config = await relyingParty(h(), clientId, client.ClientSecretPost(clientSecret));
      const tokens = await client.clientCredentialsGrant(config, { scope: 'email' });
      expect(tokens).toMatchObject({ token_type: expect.stringMatching(/^bearer$/i), scope: 'email' });
      expect(tokens.id_token).toBeUndefined();
      expect(await client.tokenIntrospection(config, tokens.access_token)).toMatchObject({
        active: true,
        client_id: clientId,
      });
    });

    it('skips the login page for a signed-in user, and asks again with prompt=login or an exceeded max_age', async () => {
      const { clientId, clientSecret } = await insertClient(h());
      const config = await relyingParty(h(), clientId, client.ClientSecretBasic(clientSecret));
      const { user, email, browser } = await userAndBrowser(h());
      const first = await startAuthorization(config);
      await client.authorizationCodeGrant(
        config,
        await signInAndConsent(browser, await openAuthorization(browser, first.url), { email, password: PASSWORD }),
        first.checks,
      );

      // Signed in and consented: straight back to the relying party.
      const again = await startAuthorization(config);
      const callback = await consentIfAsked(browser, await openAuthorization(browser, again.url));
      expect(callback.origin + callback.pathname).toBe(RP_REDIRECT);
      const tokens = await client.authorizationCodeGrant(config, callback, again.checks);
      expect(tokens.claims()?.sub).toBe(user.id);

      const forced = await startAuthorization(config, { prompt: 'login' });
      expect((await openAuthorization(browser, forced.url)).pathname).toBe('/sign-in');

      h().clock.advance(120);
      const aged = await startAuthorization(config, { max_age: '60' });
      expect((await openAuthorization(browser, aged.url)).pathname).toBe('/sign-in');
    });
  },
  withOAuthProvider(),
);
