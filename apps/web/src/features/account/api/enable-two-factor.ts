/**
 * @module POST /two-factor/enable {password}: a new TOTP secret (as an otpauth:// URI) and ten
 * backup codes, answered once. Two-factor is on only after a first code (`verify-two-factor.ts`).
 */
import { useAuthClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';

export function useEnableTwoFactor() {
  const client = useAuthClient();
  return (password: string) => unwrap(client.twoFactor.enable({ password }));
}
