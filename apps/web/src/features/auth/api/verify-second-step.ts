/**
 * @module The sign-in's second step (two-factor plugin): POST /two-factor/verify-totp,
 * /two-factor/verify-backup-code or /two-factor/verify-otp `{code, trustDevice}`, each finishing the
 * sign-in held by the two-factor cookie; the cached session reloads after it (SPEC §4).
 * `trustDevice` has this browser skip the step for 30 days. `oauthQuery`: as the first step's
 * (`sign-in.ts`), the authorization request this sign-in resumes.
 */
import type { AppClient } from '../../../lib/auth';
import { withOAuthQuery } from '../../../lib/oauth-query';
import { unwrap } from '../../../lib/unwrap';

/** Which kind of code the user enters: from the authenticator app, a backup code, a mailed code. */
export type SecondStepMethod = 'totp' | 'backup' | 'otp';

export interface SecondStepValues {
  code: string;
  trustDevice: boolean;
}

export function verifySecondStep(
  client: AppClient,
  method: SecondStepMethod,
  { code, trustDevice }: SecondStepValues,
  oauthQuery?: string | null,
): Promise<unknown> {
  const input = withOAuthQuery({ code: code.trim(), trustDevice }, oauthQuery);
  switch (method) {
    case 'totp':
      return unwrap(client.twoFactor.verifyTotp(input));
    case 'backup':
      return unwrap(client.twoFactor.verifyBackupCode(input));
    case 'otp':
      return unwrap(client.twoFactor.verifyOtp(input));
  }
}
