/**
 * @module The end of a link-social flow: the identity joins the user who started it, as
 * better-auth links — linking must be on; the provider must be trusted or assert the address
 * verified; the identity's address must be the user's unless `allowDifferentEmails`; and an
 * identity linked to someone else stays theirs (`account_already_linked_to_different_user`). The
 * user proved control of the identity by completing the provider's flow in the browser that
 * started this one (the state is bound to it), so no e-mail match is needed beyond that rule.
 * Linking the same identity again refreshes its tokens and adds the newly granted scopes.
 */
import type { AuthContext } from '../auth/context';
import type { User } from '../db/records';
import { mergeScopes, renewedAccountTokens } from './account-tokens';
import { CALLBACK_ERRORS, fail, succeed, type Outcome } from './callback-errors';
import { linkProviderAccount } from './link-provider-account';
import type { StateLink } from './oauth-state';
import { identityEmail, isTrustedForLinking, type SocialIdentity } from './social-identity';

export async function linkIdentity(
  auth: AuthContext,
  identity: SocialIdentity,
  link: StateLink,
): Promise<Outcome<User>> {
  const { provider, profile, tokens } = identity;
  const { enabled, allowDifferentEmails } = auth.options.accountLinking;
  if (!enabled || (!isTrustedForLinking(auth, provider) && !profile.emailVerified))
    return fail(CALLBACK_ERRORS.unableToLinkAccount);
  if (identityEmail(identity) !== link.email && !allowDifferentEmails) return fail(CALLBACK_ERRORS.unableToLinkAccount);
  const user = await auth.users.findById(link.userId);
  if (!user) return fail(CALLBACK_ERRORS.unableToLinkAccount);

  for (let attempt = 0; attempt < 2; attempt++) {
    const owner = await auth.providerAccounts.findOwner(provider.id, profile.id);
    if (owner) {
      if (owner.user.id !== user.id) return fail(CALLBACK_ERRORS.accountLinkedToDifferentUser);
      const scope = mergeScopes(owner.account.scope, tokens.scopes);
      await auth.providerAccounts.updateTokens(
        owner.account.id,
        { ...renewedAccountTokens(tokens), scope },
        auth.now(),
      );
      return succeed(user);
    }
    const linked = await linkProviderAccount(auth, identity, user.id);
    if (linked === 'linked') return succeed(user);
    if (linked === 'failed') return fail(CALLBACK_ERRORS.unableToLinkAccount);
    // Taken: another flow linked this identity meanwhile, and whose it now is decides the answer.
  }
  return fail(CALLBACK_ERRORS.unableToLinkAccount);
}
