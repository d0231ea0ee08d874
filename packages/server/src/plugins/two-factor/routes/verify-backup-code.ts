/**
 * @module POST /two-factor/verify-backup-code {code, trustDevice?, disableSession?}: one of the
 * backup codes, in place of a TOTP code. A code works once: the list is replaced only if it is
 * still the one the code was found in, so of parallel uses of one code one wins.
 */
import { z } from 'zod';
import { AuthError, defineEndpoint, tokenUserResponse } from '../../../plugin';
import { withoutBackupCode } from '../backup-codes';
import { TWO_FACTOR_ERRORS } from '../errors';
import type { ResolvedTwoFactorOptions } from '../options';
import { checkUnderThrottle, finishStep, stepSubject } from '../second-step';
import { twoFactorStore, type TwoFactorStore } from '../store';

const body = z.object({
  code: z.string(),
  trustDevice: z.boolean().optional(),
  /** better-auth's: check the code for a signed-in user without answering a new session. */
  disableSession: z.boolean().optional(),
});

export const BACKUP_CODE_METHOD = 'two-factor:backup-code';

/** Another code used meanwhile changes the list too: look again a few times before giving up. */
const SWAP_TRIES = 3;

async function useBackupCode(store: TwoFactorStore, userId: string, code: string): Promise<boolean> {
  for (let tries = 0; tries < SWAP_TRIES; tries += 1) {
    const row = await store.find(userId);
    if (!row) return false;
    const next = withoutBackupCode(row.backupCodes, code);
    if (next === null) return false;
    if (await store.swapBackupCodes(row.id, row.backupCodes, next)) return true;
  }
  return false;
}

export function verifyBackupCode(options: ResolvedTwoFactorOptions) {
  return defineEndpoint({
    id: 'verifyBackupCode',
    method: 'POST',
    path: '/two-factor/verify-backup-code',
    summary: 'Verify a backup code',
    body,
    rateLimit: 'strict',
    errors: [
      TWO_FACTOR_ERRORS.invalidBackupCode,
      TWO_FACTOR_ERRORS.backupCodesNotEnabled,
      TWO_FACTOR_ERRORS.tooManyAttemptsRequestNewCode,
      TWO_FACTOR_ERRORS.accountTemporarilyLocked,
      TWO_FACTOR_ERRORS.invalidTwoFactorCookie,
    ],
    response: tokenUserResponse,
    async handler(ctx) {
      const { auth, body } = ctx;
      const subject = await stepSubject(ctx);
      const store = twoFactorStore(auth);
      if (!(await store.find(subject.user.id))) throw new AuthError(TWO_FACTOR_ERRORS.backupCodesNotEnabled);
      await checkUnderThrottle(
        ctx,
        subject,
        BACKUP_CODE_METHOD,
        () => useBackupCode(store, subject.user.id, body.code),
        TWO_FACTOR_ERRORS.invalidBackupCode,
      );
      return finishStep(ctx, subject, BACKUP_CODE_METHOD, { trust: body.trustDevice, options });
    },
  });
}
