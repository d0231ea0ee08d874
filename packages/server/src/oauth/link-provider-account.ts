/**
 * @module Storing a provider identity as an account of a user, for the two flows that link one
 * (link-social, and sign-in by a matching e-mail). The unique index on `(providerId, accountId)`,
 * not an earlier read, decides whose the identity is when flows race: a loss is answered `taken`,
 * so the caller looks again at who holds it.
 */
import type { AuthContext } from '../auth/context';
import { randomString } from '../crypto/random';
import { isUniqueViolation } from '../db/unique-violation';
import { DEFAULTS } from '../auth/options';
import { newAccountTokens } from './account-tokens';
import type { SocialIdentity } from './social-identity';

export async function linkProviderAccount(
  auth: AuthContext,
  { provider, profile, tokens }: SocialIdentity,
  userId: string,
): Promise<'linked' | 'taken' | 'failed'> {
  try {
    await auth.providerAccounts.create(
      {
        id: randomString(DEFAULTS.idLength),
        providerId: provider.id,
        accountId: profile.id,
        userId,
        ...newAccountTokens(tokens),
      },
      auth.now(),
    );
    return 'linked';
  } catch (error) {
    if (isUniqueViolation(error)) return 'taken';
    auth.logger.error({ err: error, providerId: provider.id }, 'Could not link a provider account');
    return 'failed';
  }
}
