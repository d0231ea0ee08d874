/**
 * @module The roles an admin assigns (set-role, create-user, update-user): one role or a list,
 * each a name in the configured roles table (else better-auth's 400
 * `YOU_ARE_NOT_ALLOWED_TO_SET_NON_EXISTENT_VALUE`), stored comma-joined as better-auth stores them.
 */
import { z } from 'zod';
import { AuthError } from '../../plugin';
import { ADMIN_ERRORS } from './errors';
import type { ResolvedAdminOptions } from './options';

export const roleField = z.union([z.string().min(1).max(255), z.array(z.string().min(1).max(255)).min(1).max(32)]);

/**
 * A name must be one of the table's own keys (`Object.hasOwn`, so `constructor` or `__proto__`
 * are not roles): a role outside the table would grant nothing today and whatever a later
 * configuration gives that name tomorrow.
 */
export function toStoredRole(options: ResolvedAdminOptions, role: z.output<typeof roleField>): string {
  const names = Array.isArray(role) ? role : [role];
  for (const name of names) {
    if (!Object.hasOwn(options.roles, name)) throw new AuthError(ADMIN_ERRORS.notAllowedToSetNonExistentRole);
  }
  return [...new Set(names)].join(',');
}
