/**
 * @module POST /two-factor/verify-totp {code} while signed in: the first code from the
 * authenticator app turns two-factor on; the session reloads (the user's `twoFactorEnabled`).
 */
import { useAuthClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';

export function useVerifyTwoFactor() {
  const client = useAuthClient();
  return (code: string) => unwrap(client.twoFactor.verifyTotp({ code: code.trim() }));
}
