/**
 * @module Which events become which notice, and sending it: the plugin's `event` hook. The hook
 * may not wait, so each notice is background work (shutdown waits for it); a failed mail is
 * logged, since what it reports has happened already.
 *
 * A sign-in is reported only from a browser without the account's device cookie
 * (`detail.newDevice`, sign-in/device-cookie.ts), and never the first sign-in of an account: the
 * first sign-in is recorded in `securityNoticeUser`, whose primary key makes exactly one sign-in
 * the first even when two race.
 */
import { isUniqueViolation, sendMail, type AuthEvent, type PluginHost } from '../../plugin';
import { issueNotMeToken, notMeLink } from './link';
import { noticeMail } from './mail';
import type { ResolvedSecurityNoticeOptions, SecurityNotice } from './options';
import { securityNoticeSchema } from './schema';

/** The notice an event calls for, before the first-sign-in rule; null for none. */
function noticeOf(event: AuthEvent): SecurityNotice | null {
  if (event.outcome !== 'success' || !event.userId) return null;
  switch (event.type) {
    case 'sign-in':
      return event.detail?.newDevice === true ? 'new-browser-sign-in' : null;
    case 'password-changed':
    case 'password-reset':
    case 'email-change-requested':
    case 'two-factor-enabled':
    case 'two-factor-disabled':
    case 'two-factor-reset':
    case 'passkey-added':
    case 'account-linked':
    case 'user-banned':
    case 'user-unbanned':
      return event.type;
    default:
      return null;
  }
}

/** True for the account's first sign-in, which it records. */
async function recordFirstSignIn(auth: PluginHost, userId: string, at: Date): Promise<boolean> {
  const db = securityNoticeSchema.db(auth);
  const known = await db
    .selectFrom('securityNoticeUser')
    .select('userId')
    .where('userId', '=', userId)
    .executeTakeFirst();
  if (known) return false;
  try {
    await db.insertInto('securityNoticeUser').values({ userId, firstSignInAt: at }).execute();
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

async function notify(
  auth: PluginHost,
  options: ResolvedSecurityNoticeOptions,
  event: AuthEvent,
  notice: SecurityNotice | null,
  userId: string,
): Promise<void> {
  if (event.type === 'sign-in' && (await recordFirstSignIn(auth, userId, event.at))) return;
  if (notice === null || !options.notices.has(notice)) return;
  const { mailer } = auth;
  if (!mailer) return;
  const user = await auth.users.findById(userId);
  if (!user) return;
  const token = await issueNotMeToken(auth, user.id, options.linkExpiresIn);
  const link = notMeLink(auth, token);
  await sendMail(auth, mailer, {
    kind: 'security-notice',
    to: { userId: user.id },
    requestLanguage: event.language ?? 'en',
    render: (language) => noticeMail(user.email, user.name, notice, event, link, language),
  });
}

export function createNotifier(options: ResolvedSecurityNoticeOptions): (event: AuthEvent, auth: PluginHost) => void {
  return (event, auth) => {
    const notice = noticeOf(event);
    const userId = event.userId;
    // Every successful sign-in is looked at, to record the first; other events only if on.
    if (!userId || (event.type !== 'sign-in' && (notice === null || !options.notices.has(notice)))) return;
    if (event.type === 'sign-in' && event.outcome !== 'success') return;
    auth.background.run('security-notice: could not send a notice', () => notify(auth, options, event, notice, userId));
  };
}
