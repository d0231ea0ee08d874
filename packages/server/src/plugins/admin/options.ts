/**
 * @module The admin plugin's options and its constants (`ADMIN_DEFAULTS`, SPEC §9's rows of
 * platform roles, bans and impersonation), resolved once.
 */
import { DEFAULT_ROLES, type RoleTable } from './access-control';

export const ADMIN_DEFAULTS = Object.freeze({
  /** The platform role of a user given none. */
  defaultRole: 'user',
  /** Seconds an impersonation session lasts. */
  impersonationSessionDuration: 3600,
  /** Stored as the reason of a ban given none (the web console shows it as "none given"). */
  defaultBanReason: 'No reason',
  /**
   * Seconds the link of create-user's invitation lets the user choose a first password: three
   * days, so a mail sent on a Friday still works on Monday, yet a forgotten one does not lie in a
   * mailbox for good (docs/decisions.md, Admin).
   */
  invitationExpiresIn: 3 * 24 * 3600,
});

export interface AdminOptions {
  /** Role → resource → actions; `user` (the default role) must be present. */
  roles?: RoleTable;
  defaultRole?: string;
  /** Roles that count as administrators (listed in the admin area, allowed to impersonate…). */
  adminRoles?: string[];
  /** Users who pass every permission check whatever their role. */
  adminUserIds?: string[];
  /** Users with these e-mails get the admin role at sign-up (and the server promotes existing ones). */
  adminEmails?: string[];
  /** Seconds an impersonation session lasts. */
  impersonationSessionDuration?: number;
  defaultBanReason?: string;
  /** Seconds an invitation's set-a-password link works. */
  invitationExpiresIn?: number;
}

export interface ResolvedAdminOptions {
  readonly roles: RoleTable;
  readonly defaultRole: string;
  readonly adminRoles: readonly string[];
  readonly adminUserIds: ReadonlySet<string>;
  readonly adminEmails: ReadonlySet<string>;
  readonly impersonationSessionDuration: number;
  readonly defaultBanReason: string;
  readonly invitationExpiresIn: number;
}

export function resolveAdminOptions(options: AdminOptions = {}): ResolvedAdminOptions {
  const roles = options.roles ?? DEFAULT_ROLES;
  const defaultRole = options.defaultRole ?? ADMIN_DEFAULTS.defaultRole;
  if (!roles[defaultRole])
    throw new Error(`Latchkey admin: the default role "${defaultRole}" is not in the roles table`);
  return Object.freeze({
    roles,
    defaultRole,
    adminRoles: Object.freeze(options.adminRoles ?? ['admin']),
    adminUserIds: new Set(options.adminUserIds ?? []),
    adminEmails: new Set((options.adminEmails ?? []).map((e) => e.trim().toLowerCase()).filter(Boolean)),
    impersonationSessionDuration: options.impersonationSessionDuration ?? ADMIN_DEFAULTS.impersonationSessionDuration,
    defaultBanReason: options.defaultBanReason ?? ADMIN_DEFAULTS.defaultBanReason,
    invitationExpiresIn: options.invitationExpiresIn ?? ADMIN_DEFAULTS.invitationExpiresIn,
  });
}
