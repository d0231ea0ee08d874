/**
 * @module GET (and POST) /passkey/generate-authenticate-options: the request options of a passkey
 * sign-in, and the challenge stored for verify-authentication. Without a session the options name
 * no credentials, so the browser offers the discoverable ones it holds (no e-mail asked); with one,
 * the account's passkeys are listed, as better-auth does.
 */
import { generateAuthenticationOptions } from '@simplewebauthn/server';
import { defineEndpoint, readCurrentSession, type EndpointContext } from '../../../plugin';
import { storeChallenge } from '../challenge';
import type { ResolvedPasskeyOptions } from '../options';
import { listPasskeysOf } from '../store';
import { requestOptionsResponse } from '../responses';
import { transportsOf } from './generate-register-options';

async function authenticationOptions(options: ResolvedPasskeyOptions, ctx: EndpointContext<unknown, unknown, 'none'>) {
  const { auth } = ctx;
  const current = await readCurrentSession(auth, ctx.requestCookies, ctx.cookies);
  const passkeys = current ? await listPasskeysOf(auth, current.user.id) : [];
  const request = await generateAuthenticationOptions({
    rpID: options.rpID(auth),
    userVerification: 'preferred',
    ...(passkeys.length > 0
      ? {
          allowCredentials: passkeys.map((passkey) => ({
            id: passkey.credentialID,
            transports: transportsOf(passkey.transports),
          })),
        }
      : {}),
  });
  await storeChallenge(ctx, {
    ceremony: 'authentication',
    challenge: request.challenge,
    userId: current?.user.id ?? '',
  });
  return request;
}

export function generateAuthenticateOptions(options: ResolvedPasskeyOptions) {
  return defineEndpoint({
    id: 'generatePasskeyAuthenticationOptions',
    method: 'GET',
    path: '/passkey/generate-authenticate-options',
    summary: 'Start a passkey sign-in',
    response: requestOptionsResponse,
    handler: (ctx) => authenticationOptions(options, ctx),
  });
}

/** The same over POST, for clients that ask so. */
export function generateAuthenticateOptionsPost(options: ResolvedPasskeyOptions) {
  return defineEndpoint({
    id: 'generatePasskeyAuthenticationOptionsPost',
    method: 'POST',
    path: '/passkey/generate-authenticate-options',
    summary: 'Start a passkey sign-in (POST)',
    response: requestOptionsResponse,
    handler: (ctx) => authenticationOptions(options, ctx),
  });
}
