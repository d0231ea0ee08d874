/**
 * @module GET /admin/list-users: search (email or name; contains, starts_with, ends_with,
 * case-insensitive), one filter (eq, ne, lt, lte, gt, gte on a whitelisted column), sort and
 * paging, in SQL (list-users-query.ts). Answers {users, total}, plus `limit` and `offset` when the
 * request gave them (DESIGN.md). Without a limit, one page of 100; a limit above 1,000 is cut
 * to 1,000 (and the answer's `limit` says so). Without sortBy, oldest first. Each user carries
 * `lastSignInAt` (list-users-query.ts).
 */
import { z } from 'zod';
import { defineEndpoint, userResponse } from '../../../plugin';
import { ADMIN_ERRORS } from '../errors';
import { lastSignInAtResponse } from '../last-sign-in';
import { listedUser, listUsersQuery, queryUserPage } from '../list-users-query';
import type { ResolvedAdminOptions } from '../options';
import { requirePermission } from '../require-permission';

export function listUsers(options: ResolvedAdminOptions) {
  return defineEndpoint({
    id: 'listUsers',
    method: 'GET',
    path: '/admin/list-users',
    summary: 'List users (admin)',
    response: z.object({
      users: z.array(userResponse.extend({ lastSignInAt: lastSignInAtResponse })),
      total: z.number(),
      limit: z.number().optional(),
      offset: z.number().optional(),
    }),
    errors: [ADMIN_ERRORS.notAllowedToListUsers],
    query: listUsersQuery,
    session: 'required',
    // A privilege decision: the role must be the database's, not a cache up to a minute old.
    sessionFromDatabase: true,
    async handler({ auth, query, session }) {
      requirePermission(options, session, { user: ['list'] }, ADMIN_ERRORS.notAllowedToListUsers);
      const page = await queryUserPage(auth, query);
      const users = page.rows.map((row) => listedUser(auth, row));
      return {
        users,
        total: page.total,
        ...(query.limit === undefined ? {} : { limit: page.limit }),
        ...(query.offset === undefined ? {} : { offset: page.offset }),
      };
    },
  });
}
