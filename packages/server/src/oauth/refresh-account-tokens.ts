/**
 * @module A provider refresh grant with the account's stored refresh token; the new tokens are
 * stored (encrypted, by the store) before they are answered. What the answer lacks — most
 * providers send no new refresh token — stays as it was.
 */
import type { AuthContext } from '../auth/context';
import type { AccountTokens } from '../db/provider-account-store';
import { AuthError, ERRORS } from '../endpoint/errors';
import { renewedAccountTokens } from './account-tokens';
import type { TokenAccount } from './token-account';

/** The account's tokens after the refresh. */
export async function refreshAccountTokens(
  auth: AuthContext,
  { provider, account }: TokenAccount,
): Promise<AccountTokens> {
  if (!provider.refreshAccessToken) throw new AuthError(ERRORS.tokenRefreshNotSupported);
  if (account.refreshToken === null) throw new AuthError(ERRORS.refreshTokenNotFound);
  let renewed: Partial<AccountTokens>;
  try {
    renewed = renewedAccountTokens(await provider.refreshAccessToken(account.refreshToken));
  } catch (error) {
    const reason = error instanceof Error ? { name: error.name, message: error.message } : {};
    auth.logger.warn({ providerId: provider.id, ...reason }, 'The provider refused to refresh an access token');
    throw new AuthError(ERRORS.failedToRefreshAccessToken);
  }
  await auth.providerAccounts.updateTokens(account.id, renewed, auth.now());
  return { ...account, ...renewed };
}
