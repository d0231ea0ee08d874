/**
 * @module The organization plugin's options, with SPEC §9's defaults, resolved once.
 */
import type { AuthContext, User } from '../../plugin';
import { DEFAULTS } from '../../plugin';
import { DEFAULT_ORGANIZATION_ROLES, type OrganizationRoleTable } from './access-control';

export interface OrganizationOptions {
  roles?: OrganizationRoleTable;
  creatorRole?: string;
  membershipLimit?: number;
  /** Seconds an invitation stays valid. */
  invitationExpiresIn?: number;
  allowUserToCreateOrganization?: boolean | ((user: User, auth: AuthContext) => boolean | Promise<boolean>);
  /** How many organizations one user may create; unlimited when unset. */
  organizationLimit?: number;
  teams?: { enabled?: boolean; maximumTeams?: number; allowRemovingAllTeams?: boolean };
  /**
   * Who may list another user's organizations (`GET /organization/list-user-organizations`): a
   * platform admin, as the host decides (the standalone server asks the admin plugin). Nobody by
   * default: this plugin knows nothing of platform roles.
   */
  mayListUserOrganizations?: (caller: User, auth: AuthContext) => boolean | Promise<boolean>;
}

export interface ResolvedOrganizationOptions {
  readonly roles: OrganizationRoleTable;
  readonly creatorRole: string;
  readonly membershipLimit: number;
  readonly invitationExpiresIn: number;
  readonly allowUserToCreateOrganization: (user: User, auth: AuthContext) => boolean | Promise<boolean>;
  readonly organizationLimit: number | undefined;
  readonly teams: {
    readonly enabled: boolean;
    readonly maximumTeams: number | undefined;
    readonly allowRemovingAllTeams: boolean;
  };
  readonly mayListUserOrganizations: (caller: User, auth: AuthContext) => boolean | Promise<boolean>;
}

export function resolveOrganizationOptions(options: OrganizationOptions = {}): ResolvedOrganizationOptions {
  const roles = options.roles ?? DEFAULT_ORGANIZATION_ROLES;
  if (!roles[DEFAULTS.defaultMemberRole])
    throw new Error(`Latchkey organization: the roles table needs "${DEFAULTS.defaultMemberRole}"`);
  const creatorRole = options.creatorRole ?? 'owner';
  if (!roles[creatorRole])
    throw new Error(`Latchkey organization: the creator role "${creatorRole}" is not in the roles table`);
  const allow = options.allowUserToCreateOrganization ?? true;
  return Object.freeze({
    roles,
    creatorRole,
    membershipLimit: options.membershipLimit ?? DEFAULTS.membershipLimit,
    invitationExpiresIn: options.invitationExpiresIn ?? DEFAULTS.invitationExpiresIn,
    allowUserToCreateOrganization: typeof allow === 'function' ? allow : () => allow,
    organizationLimit: options.organizationLimit,
    mayListUserOrganizations: options.mayListUserOrganizations ?? (() => false),
    teams: Object.freeze({
      enabled: options.teams?.enabled ?? false,
      maximumTeams: options.teams?.maximumTeams,
      allowRemovingAllTeams: options.teams?.allowRemovingAllTeams ?? false,
    }),
  });
}
