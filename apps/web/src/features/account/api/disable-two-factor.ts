/**
 * @module POST /two-factor/disable {password}: off, the secret and backup codes deleted and every
 * trusted browser forgotten; the session reloads (the user's `twoFactorEnabled`).
 */
import { useAuthClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';

export function useDisableTwoFactor() {
  const client = useAuthClient();
  return (password: string) => unwrap(client.twoFactor.disable({ password }));
}
