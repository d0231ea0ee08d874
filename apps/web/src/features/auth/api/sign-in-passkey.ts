/**
 * @module Sign-in with a passkey, the authentication ceremony: GET
 * /passkey/generate-authenticate-options (a challenge naming no credential, so the browser offers
 * the discoverable ones it holds: no e-mail asked), the browser's prompt (`startAuthentication`),
 * then POST /passkey/verify-authentication, which creates the session; the cached session reloads
 * through the success event (`app/stale-after.ts`). The challenge lives in one cookie per browser,
 * so two ceremonies must not ask for options at once: the later answer would replace the earlier.
 */
import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import type { AppClient } from '../../../lib/auth';
import { withOAuthQuery } from '../../../lib/oauth-query';
import { unwrap } from '../../../lib/unwrap';
import { CeremonyError, ceremonyFailureOf, inBrowser } from '../../../lib/webauthn-failure';

/**
 * Sooner than a person answers a prompt. The spec gives one NotAllowedError for "closed", "timed
 * out" and "nothing to offer"; one this soon is the browser's own answer that it holds no passkey
 * for the site (as some browsers say at once instead of showing a prompt), not the user's.
 */
const BROWSER_ANSWER_MS = 800;

/** The browser refused at once: no passkey for this site on this device (a cancelled ceremony). */
export class NoPasskeyError extends CeremonyError {
  constructor(cause: unknown) {
    super('cancelled', cause);
    this.name = 'NoPasskeyError';
  }
}

export function requestOptions(client: AppClient): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return unwrap(client.passkey.generateAuthenticateOptions()) as Promise<PublicKeyCredentialRequestOptionsJSON>;
}

/**
 * The ceremony from its options. `autofill`: conditional mediation, the passkeys offered in the
 * autofill of the field marked `autocomplete="username webauthn"`, answered when the user picks one.
 */
export async function finishPasskeySignIn(
  client: AppClient,
  optionsJSON: PublicKeyCredentialRequestOptionsJSON,
  autofill = false,
  oauthQuery?: string | null,
): Promise<unknown> {
  const asked = Date.now();
  const response = await inBrowser(() => startAuthentication({ optionsJSON, useBrowserAutofill: autofill })).catch(
    (error: unknown) => {
      const quick = !autofill && Date.now() - asked < BROWSER_ANSWER_MS;
      throw quick && ceremonyFailureOf(error) === 'cancelled' ? new NoPasskeyError((error as Error).cause) : error;
    },
  );
  // Spread into plain objects: simplewebauthn's interfaces lack the body schema's index signature.
  const input = { response: { ...response, response: { ...response.response } } };
  return unwrap(client.passkey.verifyAuthentication(withOAuthQuery(input, oauthQuery)));
}

/** `oauthQuery`: the authorization request the sign-in resumes (`sign-in.ts`). */
export async function signInWithPasskey(client: AppClient, oauthQuery?: string | null) {
  return finishPasskeySignIn(client, await requestOptions(client), false, oauthQuery);
}
