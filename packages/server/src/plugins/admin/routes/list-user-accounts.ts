/**
 * @module POST /admin/list-user-accounts {userId}: the ways a user signs in besides passkeys — the
 * password (`credential`) and each linked provider — as `{accounts}` in the shape of the user's own
 * GET /list-accounts. Tokens and the password hash never leave the store. Needs `user:get`, as the
 * user's page itself. Admins see these but do not unlink them (docs/decisions.md, Admin).
 */
import { z } from 'zod';
import { AuthError, ERRORS, defineEndpoint, isoDate } from '../../../plugin';
import { ADMIN_ERRORS } from '../errors';
import type { ResolvedAdminOptions } from '../options';
import { requirePermission } from '../require-permission';

const body = z.object({ userId: z.string().min(1).max(255) });

const linkedAccount = z.object({
  id: z.string(),
  providerId: z.string().meta({ description: '`credential` for the password, else the provider id' }),
  accountId: z.string().meta({ description: "The user's id at the provider" }),
  scopes: z.array(z.string()),
  createdAt: isoDate,
  updatedAt: isoDate,
});

export function listUserAccounts(options: ResolvedAdminOptions) {
  return defineEndpoint({
    id: 'adminListUserAccounts',
    method: 'POST',
    path: '/admin/list-user-accounts',
    summary: "List a user's linked accounts (admin)",
    response: z.object({ accounts: z.array(linkedAccount) }),
    errors: [ADMIN_ERRORS.notAllowedToGetUser, ERRORS.userNotFound],
    body,
    session: 'required',
    async handler({ auth, body, session }) {
      requirePermission(options, session, { user: ['get'] }, ADMIN_ERRORS.notAllowedToGetUser);
      if (!(await auth.users.findById(body.userId))) throw new AuthError(ERRORS.userNotFound);
      const accounts = await auth.accounts.listByUser(body.userId);
      return {
        accounts: accounts.map(({ scope, ...account }) => ({
          ...account,
          scopes: scope ? scope.split(/[\s,]+/).filter(Boolean) : [],
        })),
      };
    },
  });
}
