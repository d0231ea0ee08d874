/**
 * @module POST /refresh-token {providerId, accountId?, userId?}: a new access token from the
 * provider for one of the user's linked accounts, stored encrypted and answered in better-auth
 * 1.7's shape. `userId` counts only in server-side calls (oauth/token-account.ts).
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint/define-endpoint';
import { refreshAccountTokens } from './refresh-account-tokens';
import { findTokenAccount } from './token-account';
import { isoDate } from '../endpoint/responses';

const body = z.object({
  providerId: z.string().min(1).max(64),
  accountId: z.string().min(1).max(255).optional(),
  userId: z.string().min(1).max(255).optional(),
});

export const refreshToken = defineEndpoint({
  id: 'refreshToken',
  method: 'POST',
  path: '/refresh-token',
  summary: "Refresh a linked provider's tokens",
  response: z.object({
    accessToken: z.string().nullable(),
    refreshToken: z.string().nullable(),
    accessTokenExpiresAt: isoDate.optional(),
    refreshTokenExpiresAt: isoDate.optional(),
    scope: z.string().nullable(),
    idToken: z.string().optional(),
    providerId: z.string(),
    accountId: z.string(),
  }),
  body,
  async handler(ctx) {
    const found = await findTokenAccount(ctx, ctx.body);
    const tokens = await refreshAccountTokens(ctx.auth, found);
    return {
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken,
      accessTokenExpiresAt: tokens.accessTokenExpiresAt ?? undefined,
      refreshTokenExpiresAt: tokens.refreshTokenExpiresAt ?? undefined,
      scope: tokens.scope,
      idToken: tokens.idToken ?? undefined,
      providerId: found.account.providerId,
      accountId: found.account.id,
    };
  },
});
