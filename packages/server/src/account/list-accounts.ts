/**
 * @module GET /list-accounts: the caller's accounts — the credential account and each linked
 * provider — as `{id, provider, createdAt, updatedAt, accountId, scopes}` (SPEC §7). Passwords and
 * provider tokens never leave the server.
 */
import type { LinkedAccount } from '../db/account-store';
import { defineEndpoint } from '../endpoint/define-endpoint';
import { z } from 'zod';
import { isoDate } from '../endpoint/responses';

/** The account table keeps granted scopes comma-separated (SPEC §3). */
function parseScopes(scope: string | null): string[] {
  return scope
    ? scope
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];
}

function toListedAccount(account: LinkedAccount, userId: string) {
  return {
    id: account.id,
    provider: account.providerId,
    // better-auth 1.7 clients read these two; SPEC §7 names `provider`. Both cost nothing.
    providerId: account.providerId,
    userId,
    accountId: account.accountId,
    scopes: parseScopes(account.scope),
    createdAt: account.createdAt,
    updatedAt: account.updatedAt,
  };
}

export const listAccounts = defineEndpoint({
  id: 'listAccounts',
  method: 'GET',
  path: '/list-accounts',
  summary: "List the user's sign-in methods",
  response: z.array(
    z.object({
      id: z.string(),
      provider: z.string(),
      providerId: z.string(),
      userId: z.string(),
      accountId: z.string(),
      scopes: z.array(z.string()),
      createdAt: isoDate,
      updatedAt: isoDate,
    }),
  ),
  session: 'required',
  async handler({ auth, session }) {
    const accounts = await auth.accounts.listByUser(session.user.id);
    return accounts.map((account) => toListedAccount(account, session.user.id));
  },
});
