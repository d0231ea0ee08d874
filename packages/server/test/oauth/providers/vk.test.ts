/**
 * VK ID against an emulator of its token and user-info endpoints, answering VK's documented shapes:
 * mandatory PKCE, the callback's `device_id` wanted back with the code and with every refresh, a
 * `state` on token requests, an id_token that is not OpenID Connect's, the user read by a form POST,
 * and the e-mail either in the user info or in the token response.
 */
import { expect, it } from 'vitest';
import { vk } from '../../../src/oauth/providers/vk';
import { describeOAuthProvider, GOOD_CODE } from '../../support/provider-conformance';
import { VERIFIER } from '../../support/provider-sign-in';

const DEVICE = 'dev_Id-42';
// VK's own id_token: numeric subject, `iis` for the issuer, no audience and no expiry.
const VK_ID_TOKEN = [
  { alg: 'RS256', typ: 'JWT' },
  { iis: 'VK', sub: 1234567890, app: 51, jti: 21 },
]
  .map((part) => Buffer.from(JSON.stringify(part)).toString('base64url'))
  .concat('c2lnbmF0dXJl')
  .join('.');
/** A state VK's token endpoint accepts: 32 letters and digits, not the browser's. */
const TOKEN_STATE = /^(?!s{32}$)[A-Za-z0-9]{32}$/;
let emailInToken: string | undefined;

const storedRefresh = (refreshToken: string) => new URLSearchParams({ device_id: DEVICE, refresh_token: refreshToken });

describeOAuthProvider<unknown>({
  id: 'vk',
  clientId: 'vk-app',
  clientAuth: 'body',
  routes: (userInfo) => ({
    'POST /oauth2/auth': ({ form }) => {
      const state = form.get('state') ?? '';
      if (form.get('client_id') !== 'vk-app' || form.get('device_id') !== DEVICE || state.length < 32) {
        return {
          status: 400,
          json: { error: 'invalid_request', error_description: 'device_id, state or client_id is missing or invalid' },
        };
      }
      if (
        form.get('grant_type') === 'authorization_code' &&
        form.get('code') === GOOD_CODE &&
        form.get('code_verifier') === VERIFIER
      ) {
        return {
          json: {
            refresh_token: 'vk2.r.first',
            access_token: 'vk2.a.first',
            id_token: VK_ID_TOKEN,
            token_type: 'Bearer',
            expires_in: 3600,
            user_id: 1234567890,
            state,
            scope: 'vkid.personal_info email',
            ...(emailInToken === undefined ? {} : { email: emailInToken }),
          },
        };
      }
      if (form.get('grant_type') === 'refresh_token' && form.get('refresh_token') === 'vk2.r.first') {
        return {
          json: {
            refresh_token: 'vk2.r.second',
            access_token: 'vk2.a.second',
            token_type: 'Bearer',
            expires_in: 3600,
            user_id: 1234567890,
            state,
            scope: 'vkid.personal_info email',
          },
        };
      }
      return { status: 400, json: { error: 'invalid_grant', error_description: 'Code is expired' } };
    },
    'POST /oauth2/user_info': ({ form }) =>
      form.get('client_id') === 'vk-app' && form.get('access_token') === 'vk2.a.first'
        ? { json: userInfo() }
        : // VK answers a bad token with an error body, not a profile.
          { json: { error: 'invalid_token', error_description: 'Access token is invalid' } },
  }),
  build: (url) =>
    vk({
      clientId: 'vk-app',
      endpoints: {
        authorization: `${url}/authorize`,
        token: `${url}/oauth2/auth`,
        userInfo: `${url}/oauth2/user_info`,
      },
    }),
  authorization: {
    title: 'sends the browser with the email scope and an S256 challenge',
    path: '/authorize',
    scopes: ['phone'],
    params: { scope: 'email phone' },
    pkce: true,
  },
  exchange: {
    title:
      "exchanges the code with the verifier, the device id and a state of its own, keeps VK's id_token unchecked, and stores the device with the refresh token",
    tokenPath: '/oauth2/auth',
    tokens: { accessToken: 'vk2.a.first', idToken: VK_ID_TOKEN, scopes: ['vkid.personal_info', 'email'] },
    request: { deviceId: DEVICE },
    form: { device_id: DEVICE, state: expect.stringMatching(TOKEN_STATE) },
    also: (tokens) => expect(new URLSearchParams(tokens.refreshToken!)).toEqual(storedRefresh('vk2.r.first')),
  },
  refusedCode: { title: 'rejects a code VK refuses' },
  profilePath: '/oauth2/user_info',
  bearerProfile: false,
  profiles: [
    {
      title:
        'reads the user by a form POST of the client id and the access token, and maps user_id, the full name, the avatar and the e-mail, never verified',
      serves: {
        user: {
          user_id: '1234567890',
          first_name: 'Ivan',
          last_name: 'Ivanov',
          avatar: 'https://pp.userapi.example/ava.png',
          email: 'ivan@example.ru',
          sex: 2,
          verified: false,
          birthday: '01.01.2000',
        },
      },
      accessToken: 'vk2.a.first',
      user: {
        id: '1234567890',
        email: 'ivan@example.ru',
        emailVerified: false,
        name: 'Ivan Ivanov',
        image: 'https://pp.userapi.example/ava.png',
      },
      sent: (sent) => {
        expect(sent.headers['content-type']).toContain('application/x-www-form-urlencoded');
        expect(sent.headers.authorization).toBeUndefined();
      },
    },
    {
      title: 'answers a profile without an e-mail when VK shares none, so the sign-in reports email_not_found',
      serves: { user: { user_id: '7', first_name: 'No', last_name: 'Mail' } },
      accessToken: 'vk2.a.first',
      user: { id: '7', email: null, emailVerified: false },
      partial: true,
    },
    {
      title: 'answers no profile when VK refuses the access token',
      serves: {},
      accessToken: 'stale',
      user: null,
    },
  ],
  quirks: (suite) => {
    it('rejects a code exchanged without the device id', async () => {
      await expect(
        suite.provider.validateAuthorizationCode({
          code: GOOD_CODE,
          codeVerifier: VERIFIER,
          redirectURI: suite.redirectURI,
        }),
      ).rejects.toThrow();
    });

    it('takes the e-mail from the token response when the user info has none', async () => {
      emailInToken = 'from-token@example.ru';
      const exchanged = await suite.provider.validateAuthorizationCode({
        code: GOOD_CODE,
        codeVerifier: VERIFIER,
        redirectURI: suite.redirectURI,
        deviceId: DEVICE,
      });
      suite.serve({ user: { user_id: 1234567890, first_name: 'Ivan', last_name: '' } });
      expect(await suite.provider.getUserInfo(exchanged)).toEqual({
        id: '1234567890',
        email: 'from-token@example.ru',
        emailVerified: false,
        name: 'Ivan',
        image: null,
      });
    });

    it('refreshes with the stored device id and a state, and stores the rotated refresh token with the same device', async () => {
      const result = await suite.provider.refreshAccessToken!(storedRefresh('vk2.r.first').toString());
      expect(result.accessToken).toBe('vk2.a.second');
      expect(new URLSearchParams(result.refreshToken!)).toEqual(storedRefresh('vk2.r.second'));
      expect(Object.fromEntries(suite.emulator.to('/oauth2/auth').at(-1)!.form)).toEqual({
        grant_type: 'refresh_token',
        refresh_token: 'vk2.r.first',
        client_id: 'vk-app',
        device_id: DEVICE,
        state: expect.stringMatching(TOKEN_STATE),
      });
    });
  },
});
