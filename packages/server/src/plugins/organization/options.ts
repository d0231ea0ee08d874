/**
 * @module The organization plugin's options and its constants (`ORGANIZATION_DEFAULTS`, with SPEC
 * §9's rows of organizations), resolved once.
 */
import type { PluginHost, User } from '../../plugin';
import { DEFAULT_ORGANIZATION_ROLES, type OrganizationRoleTable } from './access-control';

const DAY = 24 * 60 * 60;

/** Times in seconds. */
export const ORGANIZATION_DEFAULTS = Object.freeze({
  membershipLimit: 100,
  invitationExpiresIn: 2 * DAY,
  /** The role of a member invited or added without one; the roles table must have it. */
  defaultMemberRole: 'member',
  /**
   * better-auth's `defaultFindManyLimit`: get-full-organization lists at most this many invitations
   * and teams (its members page by `membersLimit`).
   */
  fullOrganizationListLimit: 100,
  /**
   * Expired invitations are kept this long before the prune job deletes them: list-invitations and
   * get-full-organization show them (an admin sees which went unanswered and resends), as
   * better-auth, which never deletes them, does.
   */
  invitationKeepAfterExpiry: 30 * DAY,
});

export interface OrganizationOptions {
  roles?: OrganizationRoleTable;
  creatorRole?: string;
  membershipLimit?: number;
  /** Seconds an invitation stays valid. */
  invitationExpiresIn?: number;
  allowUserToCreateOrganization?: boolean | ((user: User, auth: PluginHost) => boolean | Promise<boolean>);
  /** How many organizations one user may create; unlimited when unset. */
  organizationLimit?: number;
  teams?: { enabled?: boolean; maximumTeams?: number; allowRemovingAllTeams?: boolean };
  /**
   * Who may list another user's organizations (`GET /organization/list-user-organizations`): a
   * platform admin, as the host decides (the standalone server asks the admin plugin). Nobody by
   * default: this plugin knows nothing of platform roles.
   */
  mayListUserOrganizations?: (caller: User, auth: PluginHost) => boolean | Promise<boolean>;
}

export interface ResolvedOrganizationOptions {
  readonly roles: OrganizationRoleTable;
  readonly creatorRole: string;
  readonly membershipLimit: number;
  readonly invitationExpiresIn: number;
  readonly allowUserToCreateOrganization: (user: User, auth: PluginHost) => boolean | Promise<boolean>;
  readonly organizationLimit: number | undefined;
  readonly teams: {
    readonly enabled: boolean;
    readonly maximumTeams: number | undefined;
    readonly allowRemovingAllTeams: boolean;
  };
  readonly mayListUserOrganizations: (caller: User, auth: PluginHost) => boolean | Promise<boolean>;
}

export function resolveOrganizationOptions(options: OrganizationOptions = {}): ResolvedOrganizationOptions {
  const roles = options.roles ?? DEFAULT_ORGANIZATION_ROLES;
  if (!roles[ORGANIZATION_DEFAULTS.defaultMemberRole])
    throw new Error(`Latchkey organization: the roles table needs "${ORGANIZATION_DEFAULTS.defaultMemberRole}"`);
  const creatorRole = options.creatorRole ?? 'owner';
  if (!roles[creatorRole])
    throw new Error(`Latchkey organization: the creator role "${creatorRole}" is not in the roles table`);
  const allow = options.allowUserToCreateOrganization ?? true;
  return Object.freeze({
    roles,
    creatorRole,
    membershipLimit: options.membershipLimit ?? ORGANIZATION_DEFAULTS.membershipLimit,
    invitationExpiresIn: options.invitationExpiresIn ?? ORGANIZATION_DEFAULTS.invitationExpiresIn,
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
