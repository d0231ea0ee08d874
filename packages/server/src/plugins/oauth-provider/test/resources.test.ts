/**
 * Several RFC 8707 resources in one request, on every database: `resource` repeated in the
 * authorization request's query and in the token request's form (or a list in a JSON body), as
 * openid-client sends them. Each must be a configured resource (`invalid_target`), a token request
 * may name only resources the authorization named, and the JWT access token's `aud` (RFC 9068) is
 * the resources of the token request: a list for several, a string for one.
 */
import { decodeJwt } from 'jose';
import * as client from 'openid-client';
import { expect, it } from 'vitest';
import { describeEachDialect, uniqueEmail, type Harness, type TestResponse } from '../../../../test/support/harness';
import { oauthProviderSchema } from '../schema';
import { insertClient, RP_REDIRECT, withOAuthProvider } from './fixtures';
import { openAuthorization, relyingParty, signInAndConsent } from './relying-party';
import { basic, insertCode, signedInUser, VERIFIER } from './token-fixtures';

const PASSWORD = 'correct horse battery';
const NOTES = 'https://notes.example.com/';
const CALENDAR = 'https://calendar.example.com/';
const FILES = 'https://files.example.com/';

function withResources(...resources: string[]): URLSearchParams {
  return new URLSearchParams(resources.map((resource) => ['resource', resource]));
}

/** A token request as a form whose `resource` repeats, the RFC's encoding. */
function tokenForm(
  h: Harness,
  fixture: Parameters<typeof basic>[0],
  fields: [string, string][],
): Promise<TestResponse> {
  return h.client().request('POST', '/oauth2/token', undefined, {
    origin: null,
    rawBody: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...basic(fixture) },
  });
}

async function authorizeWith(h: Harness, config: client.Configuration, resources: string[]) {
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const url = client.buildAuthorizationUrl(
    config,
    new URLSearchParams([
      ['redirect_uri', RP_REDIRECT],
      ['scope', 'openid offline_access'],
      ['code_challenge', await client.calculatePKCECodeChallenge(verifier)],
      ['code_challenge_method', 'S256'],
      ['state', state],
      ['prompt', 'consent'],
      ...withResources(...resources),
    ]),
  );
  const email = uniqueEmail('resources');
  await h.signUp(email, PASSWORD);
  const browser = h.client();
  const landed = await openAuthorization(browser, url);
  return { landed, browser, email, checks: { pkceCodeVerifier: verifier, expectedState: state } };
}

async function codeResources(h: Harness, clientId: string): Promise<unknown> {
  const row = await oauthProviderSchema
    .db(h.auth.context)
    .selectFrom('oauthAuthorizationCode')
    .select('resources')
    .where('clientId', '=', clientId)
    .executeTakeFirstOrThrow();
  return row.resources === null ? null : JSON.parse(row.resources);
}

describeEachDialect(
  'oauth-provider with several resources (RFC 8707)',
  (h) => {
    it('authorizes repeated resources and gives an access token for all of them, then narrows at refresh', async () => {
      const { clientId, clientSecret } = await insertClient(h(), {
        grantTypes: ['authorization_code', 'refresh_token'],
      });
      const config = await relyingParty(h(), clientId, client.ClientSecretBasic(clientSecret));
      const { landed, browser, email, checks } = await authorizeWith(h(), config, [NOTES, CALENDAR]);
      expect(landed.searchParams.getAll('resource')).toEqual([NOTES, CALENDAR]);
      const callback = await signInAndConsent(browser, landed, { email, password: PASSWORD });
      expect(await codeResources(h(), clientId)).toEqual([NOTES, CALENDAR]);

      const tokens = await client.authorizationCodeGrant(config, callback, checks, withResources(NOTES, CALENDAR));
      expect(decodeJwt(tokens.access_token).aud).toEqual([NOTES, CALENDAR]);

      const narrowed = await client.refreshTokenGrant(config, tokens.refresh_token!, withResources(CALENDAR));
      expect(decodeJwt(narrowed.access_token).aud).toBe(CALENDAR);
      // Without `resource`, what the user authorized.
      const whole = await client.refreshTokenGrant(config, narrowed.refresh_token!);
      expect(decodeJwt(whole.access_token).aud).toEqual([NOTES, CALENDAR]);
      // Never a resource the authorization did not name, even beside one it did.
      await expect(
        client.refreshTokenGrant(config, whole.refresh_token!, withResources(NOTES, FILES)),
      ).rejects.toMatchObject({ error: 'invalid_target' });
    });

    it('sends an authorization request naming an unknown resource among known ones back with invalid_target', async () => {
      const { clientId, clientSecret } = await insertClient(h());
      const config = await relyingParty(h(), clientId, client.ClientSecretBasic(clientSecret));
      const browser = h().client();
      await h().signUp(uniqueEmail('resources'), PASSWORD);
      const url = client.buildAuthorizationUrl(
        config,
        new URLSearchParams([
          ['redirect_uri', RP_REDIRECT],
          ['scope', 'openid'],
          ['code_challenge', await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier())],
          ['code_challenge_method', 'S256'],
          ['state', 'st'],
          ...withResources(NOTES, 'https://unknown.example.com/'),
        ]),
      );
      const landed = await openAuthorization(browser, url);
      expect(landed.origin + landed.pathname).toBe(RP_REDIRECT);
      expect(landed.searchParams.get('error')).toBe('invalid_target');
      expect(landed.searchParams.get('state')).toBe('st');
    });

    it('refuses at the token endpoint a repeated resource that is unknown or was not authorized', async () => {
      const fixture = await insertClient(h());
      const user = await signedInUser(h());
      const code = (resources: string[]) => insertCode(h(), fixture, user, { resources });
      const exchange = (given: string, resources: string[]) =>
        tokenForm(h(), fixture, [
          ['grant_type', 'authorization_code'],
          ['code', given],
          ['redirect_uri', RP_REDIRECT],
          ['code_verifier', VERIFIER],
          ...resources.map((resource): [string, string] => ['resource', resource]),
        ]);

      const unknown = await exchange((await code([NOTES])).code, [NOTES, 'https://unknown.example.com/']);
      expect([unknown.status, unknown.body.error]).toEqual([400, 'invalid_target']);
      const elsewhere = await exchange((await code([NOTES, CALENDAR])).code, [NOTES, FILES]);
      expect([elsewhere.status, elsewhere.body]).toEqual([
        400,
        { error: 'invalid_target', error_description: 'requested resource not authorized' },
      ]);
      const both = await exchange((await code([NOTES, CALENDAR])).code, [CALENDAR, NOTES, CALENDAR]);
      expect(both.status).toBe(200);
      expect(decodeJwt(both.body.access_token).aud).toEqual([CALENDAR, NOTES]);
    });

    it('takes a list of resources in a JSON token request, and refuses a list with a non-string', async () => {
      const fixture = await insertClient(h());
      const user = await signedInUser(h());
      const json = async (resource: unknown) => {
        const { code } = await insertCode(h(), fixture, user, { resources: [NOTES, CALENDAR] });
        return h()
          .client()
          .request(
            'POST',
            '/oauth2/token',
            {
              grant_type: 'authorization_code',
              code,
              redirect_uri: RP_REDIRECT,
              code_verifier: VERIFIER,
              resource,
            },
            { origin: null, headers: basic(fixture) },
          );
      };
      const listed = await json([NOTES, CALENDAR]);
      expect(listed.status).toBe(200);
      expect(decodeJwt(listed.body.access_token).aud).toEqual([NOTES, CALENDAR]);
      const malformed = await json([NOTES, 7]);
      expect([malformed.status, malformed.body.error]).toEqual([400, 'invalid_request']);
    });

    it('binds a client credentials token to the repeated resources asked for', async () => {
      const { clientId, clientSecret } = await insertClient(h(), {
        tokenEndpointAuthMethod: 'client_secret_post',
        grantTypes: ['client_credentials'],
        clientCredentialsScopes: JSON.stringify(['email']),
      });
      const config = await relyingParty(h(), clientId, client.ClientSecretPost(clientSecret));
      const tokens = await client.clientCredentialsGrant(config, withResources(NOTES, FILES));
      expect(decodeJwt(tokens.access_token)).toMatchObject({ aud: [NOTES, FILES], sub: clientId });
      await expect(
        client.clientCredentialsGrant(config, withResources(NOTES, 'https://unknown.example.com/')),
      ).rejects.toMatchObject({ error: 'invalid_target' });
    });
  },
  withOAuthProvider({ resources: [NOTES, CALENDAR, FILES] }),
);
