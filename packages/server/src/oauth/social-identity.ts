/**
 * @module A provider identity as the engine receives it once the provider has answered, and the
 * facts every linking rule asks of it: its e-mail, normalised as every address Latchkey stores,
 * whether its provider is trusted to vouch for that address, and whether it does.
 */
import type { AuthContext } from '../auth/context';
import { normalizeEmail } from '../validation/email';
import type { OAuthProvider, ProviderProfile, ProviderTokens } from './provider';

export interface SocialIdentity {
  provider: OAuthProvider;
  profile: ProviderProfile;
  tokens: ProviderTokens;
}

/** Null when the provider gave no address, or one Latchkey would refuse at sign-up. */
export function identityEmail(identity: SocialIdentity): string | null {
  return identity.profile.email === null ? null : normalizeEmail(identity.profile.email);
}

/** The provider's own default, or the deployment's `accountLinking.trustedProviders`. */
export function isTrustedForLinking(auth: AuthContext, provider: OAuthProvider): boolean {
  return provider.trustedForLinking || auth.options.accountLinking.trustedProviders.has(provider.id);
}

/**
 * Whether the identity proves that its owner controls its address, as Latchkey's own mail would:
 * the provider asserts it verified and is trusted to assert only what it has confirmed. An
 * untrusted provider's `email_verified` is whatever its operator or users made it (a generic
 * OpenID Provider lets anyone claim `boss@…` verified): believed, it would make a stranger the
 * verified holder of that address, and so an admin by LATCHKEY_ADMIN_EMAILS and the recipient of
 * its invitations.
 */
export function vouchesForEmail(auth: AuthContext, identity: SocialIdentity): boolean {
  return identity.profile.emailVerified && isTrustedForLinking(auth, identity.provider);
}
