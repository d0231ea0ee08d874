/**
 * @module POST /two-factor/generate-backup-codes {password}: ten new backup codes, answered once;
 * the old ones stop working.
 */
import { useAuthClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';

export function useGenerateBackupCodes() {
  const client = useAuthClient();
  return (password: string) => unwrap(client.twoFactor.generateBackupCodes({ password }));
}
