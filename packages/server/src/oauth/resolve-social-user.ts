/**
 * @module Which user a provider identity signs in (the callback's and id_token sign-in's
 * decision): the user it is linked to, whatever address the provider gives today (or none: an
 * identity linked through link-social with `allowDifferentEmails`, say); else the local user with
 * its e-mail, linked only under the takeover guard; else a new user, unless sign-up is closed to
 * this provider. An identity not linked yet needs an address: `email_not_found`. An address
 * counts as verified (at sign-up, and later at sign-in) only when a provider trusted to vouch for
 * addresses asserts it; plugins hear of a verification at sign-in (`afterEmailVerified`).
 *
 * The takeover guard (the class of better-auth advisory GHSA-g38m-r43w-p2q7): an identity joins an
 * existing user by e-mail only when linking is on, the provider asserts the address verified, the
 * provider is trusted to do so, and the local user's own address is verified. Otherwise anyone who
 * can make a provider claim an address (an unverified one, an untrusted provider) would sign in as
 * its owner, and someone who registered an address they do not own locally would receive the real
 * owner's identity. Refused: `account not linked`.
 *
 * Races are decided by the database: a unique e-mail and a unique `(providerId, accountId)`. A flow
 * that loses one looks again, once, and then finds what the winner made.
 */
import type { AuthContext } from '../auth/context';
import { randomString } from '../crypto/random';
import type { User } from '../db/records';
import { isUniqueViolation } from '../db/unique-violation';
import { DEFAULTS } from '../auth/options';
import { afterEmailVerified, afterUserCreated } from '../plugin/run-hooks';
import { sendVerificationMail } from '../email-verification/send-verification-mail';
import type { ServerLanguage } from '../i18n/request-language';
import { newAccountTokens, renewedAccountTokens } from './account-tokens';
import { CALLBACK_ERRORS, fail, succeed, type Outcome, type SignInRefusal } from './callback-errors';
import { linkProviderAccount } from './link-provider-account';
import { identityEmail, vouchesForEmail, type SocialIdentity } from './social-identity';

export interface ResolvedUser {
  user: User;
  /** Created by this flow: the answer goes to newUserCallbackURL. */
  isNew: boolean;
  /** A verification mail went out with the sign-up; the sign-in need not send another. */
  verificationSent: boolean;
}

export interface ResolveOptions {
  requestSignUp: boolean;
  /** Where the verification link of a new, unverified user leads. */
  callbackURL?: string | undefined;
  /** The verification mail's language: the request's (a provider's redirect carries the browser's). */
  language?: ServerLanguage | undefined;
  /** The language a new user keeps for its mails: the one the flow's starting call named, if any. */
  newUserLanguage?: ServerLanguage | null | undefined;
}

/** A unique index refused the write: someone else's flow made the row first. */
const RACED = Symbol('raced');

export async function resolveSocialUser(
  auth: AuthContext,
  identity: SocialIdentity,
  options: ResolveOptions,
): Promise<Outcome<ResolvedUser, SignInRefusal>> {
  const email = identityEmail(identity);
  const { provider, profile } = identity;
  let lost: Outcome<never, SignInRefusal> = fail(CALLBACK_ERRORS.unableToCreateUser);
  for (let attempt = 0; attempt < 2; attempt++) {
    const owner = await auth.providerAccounts.findOwner(provider.id, profile.id);
    if (owner)
      return succeed({
        user: await signInLinked(auth, owner.user, owner.account.id, identity, email),
        isNew: false,
        verificationSent: false,
      });
    // Only an identity not yet linked needs an address: to find a user by it, or to create one.
    if (!email) return fail(CALLBACK_ERRORS.emailNotFound);
    const local = await auth.users.findByEmail(email);
    const outcome = local ? await linkByEmail(auth, local, identity) : await signUp(auth, identity, email, options);
    if (outcome !== RACED) return outcome;
    lost = fail(local ? CALLBACK_ERRORS.unableToLinkAccount : CALLBACK_ERRORS.unableToCreateUser);
  }
  // Lost twice: rows keep appearing and vanishing under this flow (a user deleted meanwhile).
  return lost;
}

async function signInLinked(
  auth: AuthContext,
  user: User,
  accountRowId: string,
  identity: SocialIdentity,
  email: string | null,
): Promise<User> {
  const now = auth.now();
  await auth.providerAccounts.updateTokens(accountRowId, renewedAccountTokens(identity.tokens), now);
  // A trusted provider has just confirmed that the user controls the address the account has. An
  // untrusted one must not: its assertion would undo the unverified start its sign-up was given.
  if (vouchesForEmail(auth, identity) && !user.emailVerified && email === user.email) {
    const verified = (await auth.users.update(user.id, { emailVerified: true, updatedAt: now })) ?? {
      ...user,
      emailVerified: true,
    };
    await afterEmailVerified(auth, verified);
    // Read back: a plugin may have changed the row on verification (LATCHKEY_ADMIN_EMAILS's role).
    return (await auth.users.findById(user.id)) ?? verified;
  }
  return user;
}

async function linkByEmail(
  auth: AuthContext,
  local: User,
  identity: SocialIdentity,
): Promise<Outcome<ResolvedUser, SignInRefusal> | typeof RACED> {
  const mayLink = auth.options.accountLinking.enabled && vouchesForEmail(auth, identity) && local.emailVerified;
  if (!mayLink) return fail(CALLBACK_ERRORS.accountNotLinked);
  const linked = await linkProviderAccount(auth, identity, local.id);
  if (linked === 'taken') return RACED;
  if (linked === 'failed') return fail(CALLBACK_ERRORS.unableToLinkAccount);
  return succeed({ user: local, isNew: false, verificationSent: false });
}

function profileImage(image: string | null): string | null {
  // Shown as an <img> by applications: only a web address, and not an oversized one.
  return image !== null && image.length <= DEFAULTS.maxImageLength && /^https?:\/\//i.test(image) ? image : null;
}

async function signUp(
  auth: AuthContext,
  identity: SocialIdentity,
  email: string,
  options: ResolveOptions,
): Promise<Outcome<ResolvedUser, SignInRefusal> | typeof RACED> {
  const { provider, profile, tokens } = identity;
  if (provider.disableSignUp || (provider.disableImplicitSignUp && !options.requestSignUp))
    return fail(CALLBACK_ERRORS.signupDisabled);
  const now = auth.now();
  const user: User = {
    id: randomString(DEFAULTS.idLength),
    name: profile.name.trim().slice(0, DEFAULTS.maxNameLength),
    email,
    // Only the assertion of a provider trusted to vouch for addresses makes it verified here: an
    // untrusted one (a generic OpenID Provider, a self-hosted GitLab) may assert `email_verified`
    // for any address, and a verified address makes its holder an admin by LATCHKEY_ADMIN_EMAILS
    // and the recipient of that address's invitations. Its users prove the address by mail.
    emailVerified: vouchesForEmail(auth, identity),
    image: profileImage(profile.image),
    language: options.newUserLanguage ?? null,
    createdAt: now,
    updatedAt: now,
  };
  try {
    await auth.providerAccounts.createUserWithAccount(user, {
      id: randomString(DEFAULTS.idLength),
      providerId: provider.id,
      accountId: profile.id,
      ...newAccountTokens(tokens),
    });
  } catch (error) {
    if (isUniqueViolation(error)) return RACED;
    auth.logger.error({ err: error, providerId: provider.id }, 'Could not create a user from a provider identity');
    return fail(CALLBACK_ERRORS.unableToCreateUser);
  }
  await afterUserCreated(auth, user);
  // Read back, so the session carries the defaults of plugin columns (a role, say).
  const created = (await auth.users.findById(user.id)) ?? user;
  const { requireEmailVerification } = auth.options.emailAndPassword;
  let verificationSent = false;
  // As sign-up with a password: the mail follows sendOnSignUp or the verification requirement.
  if (
    !created.emailVerified &&
    (auth.options.emailVerification.sendOnSignUp || requireEmailVerification) &&
    auth.mailer
  ) {
    try {
      await sendVerificationMail(auth, created, { callbackURL: options.callbackURL, language: options.language });
      verificationSent = true;
    } catch (err) {
      auth.logger.error({ err }, 'Could not send the verification mail after a social sign-up');
    }
  }
  return succeed({ user: created, isNew: true, verificationSent });
}
