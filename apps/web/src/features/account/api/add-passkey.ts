/**
 * @module Adding a passkey, the registration ceremony: GET /passkey/generate-register-options (the
 * server's challenge, and the account's passkeys to exclude), the browser's prompt
 * (`startRegistration`), then POST /passkey/verify-registration with the name the user gave. Both
 * calls need a fresh session (SESSION_IS_NOT_FRESH otherwise: sign in again). The list reloads
 * through the success event (`app/stale-after.ts`).
 */
import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { useMutation } from '@tanstack/react-query';
import { useAuthClient, type AppClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';
import { inBrowser } from '../../../lib/webauthn-failure';

export async function addPasskey(client: AppClient, name: string) {
  const options = await unwrap(client.passkey.generateRegisterOptions());
  const response = await inBrowser(() =>
    startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON }),
  );
  // Spread into plain objects: simplewebauthn's interfaces lack the body schema's index signature.
  return unwrap(
    client.passkey.verifyRegistration({ response: { ...response, response: { ...response.response } }, name }),
  );
}

export function useAddPasskey() {
  const client = useAuthClient();
  return useMutation({ mutationFn: (name: string) => addPasskey(client, name) });
}
