/**
 * @module Sending one mail of a kind (`verification`, `reset-password`, …) and telling the
 * observers how it went ('mail-sent', 'mail-failed'): metrics count both, the audit log keeps them.
 * The error still reaches the caller, who decides whether a failed mail fails the request.
 */
import type { AuthContext } from '../auth/context';
import { emitEvent } from '../events/emit-event';
import type { Mailer, MailMessage } from './mailer';

export type MailKind =
  | 'verification'
  | 'reset-password'
  | 'delete-account'
  | 'change-email'
  | 'invitation'
  | 'two-factor-otp'
  // The admin's create-user with an invitation: a link to choose a first password.
  | 'account-invitation';

export async function sendMail(
  auth: AuthContext,
  mailer: Mailer,
  kind: MailKind,
  message: MailMessage,
  about: { userId?: string | null; organizationId?: string | null } = {},
): Promise<void> {
  try {
    await mailer.send(message);
  } catch (error) {
    emitEvent({ auth }, 'mail-failed', { ...about, outcome: 'failure', method: kind });
    throw error;
  }
  emitEvent({ auth }, 'mail-sent', { ...about, method: kind });
}
