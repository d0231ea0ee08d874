/**
 * @module A provider identity as the engine receives it once the provider has answered, and the
 * two facts every linking rule asks of it: its e-mail, normalised as every address Latchkey
 * stores, and whether its provider is trusted to vouch for that address.
 */
import type { AuthContext } from '../context';
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
