/**
 * @module The admin plugin's data: the columns user.role (comma-separated roles), banned,
 * banReason, banExpires and session.impersonatedBy, indexed for list-users' filters and sorts; and
 * its one table, `adminLastSignIn`, when each user last signed in (last-sign-in.ts).
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

/**
 * One row per user who has signed in, gone with the user (its foreign key cascades). A table of
 * the plugin's, not a user column: a write to the user row drops every cookie cache of the user,
 * and this one is written at every sign-in (docs/decisions.md, "Last sign-in").
 */
export interface AdminLastSignInTable {
  userId: string;
  at: Date;
}

export interface AdminTables {
  adminLastSignIn: AdminLastSignInTable;
}

export const adminSchema = definePluginSchema<AdminTables>()({
  user: ADMIN_USER_FIELDS,
  session: ADMIN_SESSION_FIELDS,
});

export type AdminUser = ReturnType<typeof adminSchema.user>;
