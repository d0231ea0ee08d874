/**
 * @module Passkey sign-in as a browser performs it: GET /passkey/generate-authenticate-options (a
 * challenge, kept server-side, and its cookie), then POST /passkey/verify-authentication with the
 * assertion a software authenticator signed over it (packages/server/test/support/soft-authenticator:
 * P-256, as a platform authenticator), measured as the pair. The authenticator reports a signature
 * counter of 0, as synced passkeys do, so the server's clone check (a counter not above the
 * stored one is refused) holds with 50 connections signing in at once; the signature is checked
 * every time. The signing is the load generator's CPU, not the server's.
 */
import { SoftAuthenticator, type RequestOptions } from '../packages/server/test/support/soft-authenticator';
import type { LoadOptions, LoadStep } from './support/load';
import { cookiesSet, expectJson, pageOrigin } from './support/setup-browser';
import type { CookieFetch } from '../test/cookie-fetch';

/** Registers a passkey for the signed-in (freshly) user of `browser`. */
export async function registerPasskey(base: string, browser: CookieFetch): Promise<SoftAuthenticator> {
  const authenticator = new SoftAuthenticator(pageOrigin(base));
  const api = `${base}/api/auth/passkey`;
  const options = await expectJson(
    await browser.fetch(`${api}/generate-register-options`),
    'generate-register-options',
  );
  const response = authenticator.create(options as unknown as Parameters<SoftAuthenticator['create']>[0], {
    counter: 0,
  });
  await expectJson(
    await browser.postJson(`${api}/verify-registration`, { response, name: 'bench' }),
    'verify-registration',
  );
  return authenticator;
}

interface CeremonyContext {
  options?: RequestOptions;
  cookie?: string;
}

export function passkeyLoad(base: string, authenticator: SoftAuthenticator): Omit<LoadOptions, 'duration'> {
  const steps: LoadStep[] = [
    {
      method: 'GET',
      path: '/api/auth/passkey/generate-authenticate-options',
      onResponse: (_status, body, context, headers) => {
        const state = context as CeremonyContext;
        state.options = JSON.parse(body) as RequestOptions;
        state.cookie = cookiesSet(headers);
      },
    },
    {
      method: 'POST',
      path: '/api/auth/passkey/verify-authentication',
      setupRequest: (request, context) => {
        const state = context as CeremonyContext;
        const response = state.options ? authenticator.get(state.options, { counter: 0 }) : {};
        return {
          ...request,
          headers: {
            ...request.headers,
            'content-type': 'application/json',
            origin: pageOrigin(base),
            cookie: state.cookie ?? '',
          },
          body: JSON.stringify({ response }),
        };
      },
    },
  ];
  return { url: base, steps };
}

/** One ceremony by hand before the load: autocannon counts any 2xx as a success. */
export async function checkPasskeySignIn(base: string, authenticator: SoftAuthenticator): Promise<void> {
  const api = `${base}/api/auth/passkey`;
  const optionsAnswer = await fetch(`${api}/generate-authenticate-options`);
  const options = (await expectJson(optionsAnswer, 'generate-authenticate-options')) as unknown as RequestOptions;
  const cookie = optionsAnswer.headers
    .getSetCookie()
    .map((line) => line.split(';', 1)[0])
    .join('; ');
  const signedIn = await expectJson(
    await fetch(`${api}/verify-authentication`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: pageOrigin(base), cookie },
      body: JSON.stringify({ response: authenticator.get(options, { counter: 0 }) }),
    }),
    'verify-authentication',
  );
  if (!(signedIn.session as { token?: string } | undefined)?.token)
    throw new Error(`passkey sign-in answered ${JSON.stringify(signedIn)}`);
}
