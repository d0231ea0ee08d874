/**
 * @module POST /get-access-token {providerId, accountId?, userId?} (better-auth 1.7): a usable
 * access token for one of the user's linked accounts — the stored one, or, when it has expired
 * or expires within five seconds and a refresh token is held, a new one from the provider.
 * → `{accessToken, accessTokenExpiresAt, scopes, idToken}`.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint/define-endpoint';
import { AuthError, ERRORS } from '../endpoint/errors';
import { refreshAccountTokens } from './refresh-account-tokens';
import { findTokenAccount } from './token-account';
import { isoDate } from '../endpoint/responses';

const EXPIRY_MARGIN_MS = 5_000;

const body = z.object({
  providerId: z.string().min(1).max(64),
  accountId: z.string().min(1).max(255).optional(),
  userId: z.string().min(1).max(255).optional(),
});

export const getAccessToken = defineEndpoint({
  id: 'getAccessToken',
  method: 'POST',
  path: '/get-access-token',
  summary: "Get a linked provider's access token",
  response: z.object({
    accessToken: z.string(),
    accessTokenExpiresAt: isoDate.optional(),
    scopes: z.array(z.string()),
    idToken: z.string().optional(),
  }),
  errors: [ERRORS.failedToGetAccessToken],
  body,
  async handler(ctx) {
    const { auth } = ctx;
    const found = await findTokenAccount(ctx, ctx.body);
    const { account, provider } = found;
    const expiresAt = account.accessTokenExpiresAt;
    const expired = expiresAt !== null && expiresAt.getTime() - auth.now().getTime() < EXPIRY_MARGIN_MS;
    let tokens = account as typeof account & { accessToken: string | null };
    if (expired && account.refreshToken !== null && provider.refreshAccessToken) {
      try {
        tokens = { ...account, ...(await refreshAccountTokens(auth, found)) };
      } catch {
        throw new AuthError(ERRORS.failedToGetAccessToken);
      }
    }
    if (tokens.accessToken === null) throw new AuthError(ERRORS.failedToGetAccessToken);
    return {
      accessToken: tokens.accessToken,
      accessTokenExpiresAt: tokens.accessTokenExpiresAt ?? undefined,
      scopes: tokens.scope ? tokens.scope.split(',').filter(Boolean) : [],
      idToken: tokens.idToken ?? undefined,
    };
  },
});
