/**
 * @module POST /two-factor/send-otp: mails a 6-digit code for the sign-in's second step (valid 3
 * minutes), to the address of the account whose sign-in the two-factor cookie holds.
 */
import { useAuthClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';

export function useSendSecondStepCode() {
  const client = useAuthClient();
  return () => unwrap(client.twoFactor.sendOtp({}));
}
