/**
 * @module Whose provider tokens `/refresh-token` and `/get-access-token` serve, as better-auth
 * decides it: over HTTP, the signed-in user's (401 without a session; a `userId` in the body is
 * not believed); from the server's own code (`auth.api`), the session's user if headers carry
 * one, else the `userId` it names. Then the account: of that provider, the one named by
 * `accountId` (the row's id, or the provider's id of the user), else the first linked.
 */
import type { ProviderAccount } from '../db/provider-account-store';
import type { EndpointContext } from '../endpoint/define-endpoint';
import { AuthError, ERRORS } from '../endpoint/errors';
import { readCurrentSession } from '../session/current-session';
import type { OAuthProvider } from './provider';

export interface TokenAccountRequest {
  providerId: string;
  accountId?: string | undefined;
  userId?: string | undefined;
}

export interface TokenAccount {
  provider: OAuthProvider;
  account: ProviderAccount;
}

async function ownerOf(ctx: EndpointContext<unknown, unknown, 'none'>, userId: string | undefined): Promise<string> {
  const current = await readCurrentSession(ctx.auth, ctx.requestCookies, ctx.cookies, { disableCookieCache: true });
  if (current) return current.user.id;
  if (!ctx.serverCall) throw new AuthError(ERRORS.unauthorized);
  if (userId === undefined) throw new AuthError(ERRORS.userIdOrSessionRequired);
  return userId;
}

export async function findTokenAccount(
  ctx: EndpointContext<unknown, unknown, 'none'>,
  request: TokenAccountRequest,
): Promise<TokenAccount> {
  const userId = await ownerOf(ctx, request.userId);
  const provider = ctx.auth.options.socialProviders.get(request.providerId);
  if (!provider) throw new AuthError(ERRORS.providerNotSupported);
  const accounts = await ctx.auth.providerAccounts.listForUser(userId, request.providerId);
  const { accountId } = request;
  const account =
    accountId === undefined ? accounts[0] : accounts.find((a) => a.id === accountId || a.accountId === accountId);
  if (!account) throw new AuthError(ERRORS.accountNotFound);
  return { provider, account };
}
