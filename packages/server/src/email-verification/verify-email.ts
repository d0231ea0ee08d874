/**
 * @module GET /verify-email?token&callbackURL: the link of two mails. An `email-verification`
 * token marks the address it was issued for as verified (and may sign the user in); a
 * `change-email` token, approved from the current address, moves the account to the new address,
 * which must then be verified in turn. Failures redirect to the callbackURL with `error=…`, or
 * answer JSON when there is none; a sign-in held for its second step redirects with
 * `twoFactorRedirect=true&twoFactorMethods=…`.
 */
import { z } from 'zod';
import type { AuthContext } from '../auth/context';
import type { User } from '../db/records';
import { isUniqueViolation } from '../db/unique-violation';
import { defineEndpoint, type EndpointContext } from '../endpoint/define-endpoint';
import { AuthError, ERRORS, type ErrorEntry } from '../endpoint/errors';
import { isPersonInitiated } from '../http/fetch-metadata';
import { afterEmailVerified } from '../plugin/run-hooks';
import { finishSignIn, secondStepQuery } from '../sign-in/finish-sign-in';
import { readCurrentSession, type CurrentSession } from '../session/current-session';
import { refreshCachedUser } from '../session/cookie-cache';
import { redirectUrl } from '../validation/fields';
import {
  checkToken,
  redeemToken,
  type TokenLookup,
  type TokenPurpose,
  type TokenSubject,
} from '../verification/one-time-token';
import { sendVerificationMail } from './send-verification-mail';
import { requestLanguage } from '../i18n/request-language';
import { locationOf, redirect } from '../http/redirect';
import { emitEvent } from '../events/emit-event';
import { userResponse } from '../endpoint/responses';

const query = z.object({
  token: z.string().max(256),
  callbackURL: redirectUrl(ERRORS.invalidCallbackURL).optional(),
});

type Ctx = EndpointContext<undefined, z.output<typeof query>, 'none'>;

/** The `error=` codes of SPEC §8, and the entry answered when there is no callbackURL. */
const FAILURES = {
  token_expired: ERRORS.tokenExpired,
  invalid_token: ERRORS.invalidVerificationToken,
  user_not_found: ERRORS.userNotFound,
  unauthorized: ERRORS.unauthorized,
} satisfies Record<string, ErrorEntry>;

type Failure = keyof typeof FAILURES;

class VerifyFailure extends Error {
  constructor(readonly reason: Failure) {
    super(reason);
  }
}

/** The token's purpose is not in the link: it is whichever purpose's digest the database holds. */
async function lookUpToken(
  auth: AuthContext,
  token: string,
): Promise<{ purpose: TokenPurpose; subject: TokenSubject }> {
  let lookup: TokenLookup = { status: 'invalid' };
  for (const purpose of ['email-verification', 'change-email'] as const) {
    lookup = await checkToken(auth, purpose, token);
    if (lookup.status === 'valid') return { purpose, subject: lookup.subject };
    if (lookup.status === 'expired') break;
  }
  throw new VerifyFailure(lookup.status === 'expired' ? 'token_expired' : 'invalid_token');
}

/** Uses the token up only once every check has passed: of concurrent uses exactly one goes on. */
async function consume(auth: AuthContext, purpose: TokenPurpose, token: string): Promise<void> {
  const redeemed = await redeemToken(auth, purpose, token);
  if (redeemed.status !== 'valid')
    throw new VerifyFailure(redeemed.status === 'expired' ? 'token_expired' : 'invalid_token');
}

/** The verified or changed user, and the query that tells of a sign-in held for its second step. */
interface Verified {
  user: User;
  secondStep?: Record<string, string> | undefined;
}

async function verifyAddress(
  ctx: Ctx,
  user: User,
  address: string | undefined,
  current: CurrentSession | null,
): Promise<Verified> {
  const { auth } = ctx;
  // Issued for an address the account has since left: it must not verify the new one.
  if (user.email !== address) throw new VerifyFailure('invalid_token');
  await consume(auth, 'email-verification', ctx.query.token);
  const verified = (await auth.users.update(user.id, { emailVerified: true, updatedAt: auth.now() })) ?? {
    ...user,
    emailVerified: true,
  };
  emitEvent(ctx, 'email-verified', { userId: user.id, actorUserId: user.id });
  await afterEmailVerified(auth, verified);
  // Read back: a plugin may have changed the row on verification (LATCHKEY_ADMIN_EMAILS's role).
  const updated = (await auth.users.findById(user.id)) ?? verified;
  if (current?.user.id === user.id) {
    refreshCachedUser(ctx.auth, ctx.cookies, current, updated);
    return { user: updated };
  }
  return { user: updated, secondStep: await signInFromLink(ctx, updated, current) };
}

/**
 * The verification link's automatic sign-in, which a link must not turn into a login CSRF (an
 * attacker's own link, opened in the victim's browser, signing it into the attacker's account):
 * never over a session the browser holds (another user's: it stays signed in as that user), and
 * only for a navigation the person started (http/fetch-metadata.ts), not one another site's page
 * started by itself. The sign-in ends as every sign-in does: a user with two-factor on gets the
 * second step, not a session, so the mailbox alone is not enough. Answers the held sign-in's query
 * for the redirect, if it was held.
 */
async function signInFromLink(
  ctx: Ctx,
  user: User,
  current: CurrentSession | null,
): Promise<Record<string, string> | undefined> {
  if (current || !ctx.auth.options.emailVerification.autoSignInAfterVerification) return undefined;
  if (!isPersonInitiated(ctx.headers)) return undefined;
  const outcome = await finishSignIn(ctx, { user, method: 'verification-link' });
  return outcome.status === 'second-step' ? secondStepQuery(outcome.answer) : undefined;
}

async function applyEmailChange(
  ctx: Ctx,
  user: User,
  newEmail: string | undefined,
  current: CurrentSession | null,
): Promise<Verified> {
  const { auth } = ctx;
  if (!newEmail) throw new VerifyFailure('invalid_token');
  // Approving from a browser signed in as someone else is refused before the token is used, so the
  // rightful owner's link keeps working.
  if (current && current.user.id !== user.id) throw new VerifyFailure('unauthorized');
  const holder = await auth.users.findByEmail(newEmail);
  if (holder && holder.id !== user.id) throw new AuthError(ERRORS.couldNotUpdateEmail);
  await consume(auth, 'change-email', ctx.query.token);
  let updated: User | null;
  try {
    updated = await auth.users.update(user.id, { email: newEmail, emailVerified: false, updatedAt: auth.now() });
  } catch (error) {
    // Taken between the check above and the update: the unique index decided.
    if (isUniqueViolation(error)) throw new AuthError(ERRORS.couldNotUpdateEmail);
    throw error;
  }
  if (!updated) throw new VerifyFailure('user_not_found');
  emitEvent(ctx, 'email-changed', { method: 'verified', userId: user.id, actorUserId: user.id });
  if (current) refreshCachedUser(ctx.auth, ctx.cookies, current, updated);
  try {
    await sendVerificationMail(auth, updated, {
      callbackURL: ctx.query.callbackURL,
      language: requestLanguage(ctx.headers),
    });
  } catch (err) {
    // The change is made: answering 500 now would hide that. POST /send-verification-email sends another.
    auth.logger.error({ err }, 'Could not send the verification mail after an e-mail change');
  }
  return { user: updated };
}

async function verify(ctx: Ctx): Promise<Verified> {
  const { auth } = ctx;
  const { purpose, subject } = await lookUpToken(auth, ctx.query.token);
  const user = await auth.users.findById(subject.userId);
  if (!user) throw new VerifyFailure('user_not_found');
  // A state change: read from the database, not a cookie cache that may outlive a revoked session.
  const current = await readCurrentSession(auth, ctx.requestCookies, ctx.cookies, { disableCookieCache: true });
  return purpose === 'email-verification'
    ? verifyAddress(ctx, user, subject.data, current)
    : applyEmailChange(ctx, user, subject.data, current);
}

export const verifyEmail = defineEndpoint({
  id: 'verifyEmail',
  method: 'GET',
  path: '/verify-email',
  summary: 'Verify an e-mail address (mailed link)',
  errors: [
    ERRORS.unauthorized,
    ERRORS.tokenExpired,
    ERRORS.invalidVerificationToken,
    ERRORS.userNotFound,
    ERRORS.couldNotUpdateEmail,
  ],
  response: [z.object({ status: z.boolean(), user: userResponse.nullable() }), 'redirect'],
  query,
  async handler(ctx) {
    const { callbackURL } = ctx.query;
    let verified: Verified;
    try {
      verified = await verify(ctx);
    } catch (error) {
      if (!(error instanceof VerifyFailure)) throw error;
      if (callbackURL !== undefined)
        return redirect(locationOf(callbackURL, ctx.auth.options.baseOrigin, { error: error.reason }));
      throw new AuthError(FAILURES[error.reason]);
    }
    const { user, secondStep } = verified;
    if (callbackURL === undefined) return { status: true, user };
    return redirect(locationOf(callbackURL, ctx.auth.options.baseOrigin, secondStep));
  },
});
