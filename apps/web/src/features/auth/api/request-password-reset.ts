/**
 * @module "Forgot password": the server mails a reset link whose page is this app's
 * `/reset-password`. It answers the same whether or not the address has an account, so the page
 * can only ever say "if there is an account, a link is on its way".
 */
import type { AppClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';
import { RESET_PASSWORD_PATH } from '../lib/auth-paths';

export function requestPasswordReset(client: AppClient, { email }: { email: string }) {
  return unwrap(client.requestPasswordReset({ email, redirectTo: RESET_PASSWORD_PATH }));
}
