/**
 * @module Sending one mail of a kind (`verification`, `reset-password`, …) in its recipient's
 * language, and telling the observers how it went ('mail-sent', 'mail-failed'): metrics count
 * both, the audit log keeps them. The error still reaches the caller, who decides whether a failed
 * mail fails the request.
 *
 * The language is chosen here, for every mail alike (plugins' too), not by each sender: a mail to
 * a user is in the language stored on the user, read when the mail is written (another browser
 * may have changed it since this request's session was cached); a mail to an address with no user
 * behind it, or to a user with no language stored, is in the language of the request that caused it.
 */
import type { AuthContext } from '../auth/context';
import { emitEvent } from '../events/emit-event';
import { isServerLanguage, type ServerLanguage } from '../i18n/request-language';
import type { Mailer, MailMessage } from './mailer';

export type MailKind =
  | 'verification'
  | 'reset-password'
  | 'delete-account'
  | 'change-email'
  | 'invitation'
  | 'two-factor-otp'
  | 'security-notice'
  // The admin's create-user with an invitation: a link to choose a first password.
  | 'account-invitation';

/**
 * Whom a mail is for: a user, by id (also when it goes to an address the user is moving to), or an
 * address, which may or may not have a user (an invitation).
 */
export type MailRecipient = { readonly userId: string } | { readonly address: string };

export interface MailRequest {
  readonly kind: MailKind;
  readonly to: MailRecipient;
  /** The language of the request that caused the mail, for a recipient with none stored. */
  readonly requestLanguage: ServerLanguage;
  /** The mail, written in the language chosen. */
  readonly render: (language: ServerLanguage) => Promise<MailMessage>;
  /** What the events name; a user recipient is named by default. */
  readonly about?: { readonly userId?: string | null; readonly organizationId?: string | null };
}

/** The recipient's stored language when it is one the server writes, else the request's. */
export async function mailLanguage(
  auth: Pick<AuthContext, 'users'>,
  to: MailRecipient,
  requestLanguage: ServerLanguage,
): Promise<ServerLanguage> {
  const user = 'userId' in to ? await auth.users.findById(to.userId) : await auth.users.findByEmail(to.address);
  return isServerLanguage(user?.language) ? user.language : requestLanguage;
}

export async function sendMail(auth: AuthContext, mailer: Mailer, request: MailRequest): Promise<void> {
  const { kind, to } = request;
  const about = request.about ?? ('userId' in to ? { userId: to.userId } : {});
  const message = await request.render(await mailLanguage(auth, to, request.requestLanguage));
  try {
    await mailer.send(message);
  } catch (error) {
    emitEvent({ auth }, 'mail-failed', { ...about, outcome: 'failure', method: kind });
    throw error;
  }
  emitEvent({ auth }, 'mail-sent', { ...about, method: kind });
}
