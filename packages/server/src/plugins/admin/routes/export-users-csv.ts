/**
 * @module GET /admin/export-users.csv: every user list-users' search and filter select, in its
 * sort, as a streamed CSV download (one batch of rows in memory at a time). The same permission as
 * list-users (user:list): the file holds no more than the list shows, page after page.
 */
import { defineEndpoint, csvResponse, type CsvCell } from '../../../plugin';
import { ADMIN_ERRORS } from '../errors';
import { LAST_SIGN_IN_AT, listedUser, listUsersQuery, userBatches } from '../list-users-query';
import type { ResolvedAdminOptions } from '../options';
import { requirePermission } from '../require-permission';

/** Paging is the list's: an export is all of it. */
const exportUsersQuery = listUsersQuery.omit({ limit: true, offset: true });

export const EXPORT_BATCH_SIZE = 500;

/** The columns, in order; a plugin's only where the plugin is on. Free text only from the row. */
const CORE = ['id', 'name', 'email', 'emailVerified'] as const;
const OPTIONAL = ['username', 'twoFactorEnabled', 'role', 'banned', 'banReason', 'banExpires'] as const;
const TIMES = ['createdAt', 'updatedAt', LAST_SIGN_IN_AT] as const;

export function exportUsersCsv(options: ResolvedAdminOptions) {
  return defineEndpoint({
    id: 'exportUsersCsv',
    method: 'GET',
    path: '/admin/export-users.csv',
    summary: 'Export users as CSV (admin)',
    response: 'csv',
    errors: [ADMIN_ERRORS.notAllowedToListUsers],
    query: exportUsersQuery,
    session: 'required',
    // A privilege decision: the role must be the database's, not a cache up to a minute old.
    sessionFromDatabase: true,
    async handler({ auth, query, session }) {
      requirePermission(options, session, { user: ['list'] }, ADMIN_ERRORS.notAllowedToListUsers);
      const columns = [...CORE, ...OPTIONAL.filter((name) => auth.fields.user.has(name)), ...TIMES];
      const next = userBatches(auth, query, EXPORT_BATCH_SIZE);
      return csvResponse('users.csv', columns, async () => {
        const rows = await next();
        return rows.map((row) => {
          const user = new Map(Object.entries(listedUser(auth, row)));
          return columns.map((name) => user.get(name) as CsvCell);
        });
      });
    },
  });
}
