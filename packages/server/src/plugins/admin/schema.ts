/**
 * @module The admin plugin's columns: user.role (comma-separated roles), banned, banReason,
 * banExpires; session.impersonatedBy. Indexed for list-users' filters and sorts.
 */
import { definePluginSchema, type FieldDeclarations } from '../../plugin';

/** role and banned are NOT NULL with defaults (migration 0200); a ban's reason and end may be absent. */
export const ADMIN_USER_FIELDS = Object.freeze({
  role: { type: 'string', notNull: true },
  banned: { type: 'boolean', notNull: true },
  banReason: 'string',
  banExpires: 'date',
} as const satisfies FieldDeclarations);

export const ADMIN_SESSION_FIELDS = Object.freeze({ impersonatedBy: 'string' } as const satisfies FieldDeclarations);

/** The plugin's data: no tables of its own, columns on user and session. */
export const adminSchema = definePluginSchema()({ user: ADMIN_USER_FIELDS, session: ADMIN_SESSION_FIELDS });

export type AdminUser = ReturnType<typeof adminSchema.user>;
