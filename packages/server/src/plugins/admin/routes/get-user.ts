/**
 * @module GET /admin/get-user?id: one user, answered bare (not wrapped in {user}), as better-auth
 * 1.7 answers it, with `lastSignInAt` (last-sign-in.ts), which sessions cannot tell once a ban or
 * a sign-out has ended them.
 */
import { z } from 'zod';
import { AuthError, ERRORS, defineEndpoint, userResponse } from '../../../plugin';
import { ADMIN_ERRORS } from '../errors';
import { lastSignInAtResponse, readLastSignIn } from '../last-sign-in';
import type { ResolvedAdminOptions } from '../options';
import { requirePermission } from '../require-permission';

const query = z.object({ id: z.string().min(1) });

export function getUser(options: ResolvedAdminOptions) {
  return defineEndpoint({
    id: 'getUser',
    method: 'GET',
    path: '/admin/get-user',
    summary: 'Get a user (admin)',
    response: userResponse.extend({ lastSignInAt: lastSignInAtResponse }),
    errors: [ADMIN_ERRORS.notAllowedToGetUser, ERRORS.userNotFound],
    query,
    session: 'required',
    // A privilege decision: the role must be the database's, not a cache up to a minute old.
    sessionFromDatabase: true,
    async handler({ auth, query, session }) {
      requirePermission(options, session, { user: ['get'] }, ADMIN_ERRORS.notAllowedToGetUser);
      const user = await auth.users.findById(query.id);
      if (!user) throw new AuthError(ERRORS.userNotFound);
      return { ...user, lastSignInAt: await readLastSignIn(auth, user.id) };
    },
  });
}
