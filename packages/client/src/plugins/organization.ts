/**
 * @module `organizationClient()`: the organization plugin's routes (`client.organization.*`), its
 * stores — the caller's organizations, the active organization and the caller's member row in it,
 * read by `useListOrganizations`, `useActiveOrganization` and `useActiveMember` — and what its
 * calls refresh (SPEC §4).
 */
import type { organizationPlugin } from '@latchkey/server';
import { defineClientPlugin, type RouteTableOf } from '../client-plugin';
import type { OutputOf, ServerDescription } from '../client-types';

type OrganizationEndpoint = NonNullable<ReturnType<typeof organizationPlugin>['endpoints']>[number];

const routes = {
  createOrganization: { path: '/organization/create', method: 'POST' },
  checkOrganizationSlug: { path: '/organization/check-slug', method: 'POST' },
  updateOrganization: { path: '/organization/update', method: 'POST' },
  deleteOrganization: { path: '/organization/delete', method: 'POST' },
  setActiveOrganization: { path: '/organization/set-active', method: 'POST' },
  getFullOrganization: { path: '/organization/get-full-organization', method: 'GET' },
  listOrganizations: { path: '/organization/list', method: 'GET' },
  listUserOrganizations: { path: '/organization/list-user-organizations', method: 'GET' },
  removeMember: { path: '/organization/remove-member', method: 'POST' },
  updateMemberRole: { path: '/organization/update-member-role', method: 'POST' },
  leaveOrganization: { path: '/organization/leave', method: 'POST' },
  getActiveMember: { path: '/organization/get-active-member', method: 'GET' },
  getActiveMemberRole: { path: '/organization/get-active-member-role', method: 'GET' },
  listMembers: { path: '/organization/list-members', method: 'GET' },
  hasPermission: { path: '/organization/has-permission', method: 'POST' },
  createInvitation: { path: '/organization/invite-member', method: 'POST' },
  acceptInvitation: { path: '/organization/accept-invitation', method: 'POST' },
  rejectInvitation: { path: '/organization/reject-invitation', method: 'POST' },
  cancelInvitation: { path: '/organization/cancel-invitation', method: 'POST' },
  getInvitation: { path: '/organization/get-invitation', method: 'GET' },
  getInvitationPreview: { path: '/organization/invitation-preview', method: 'GET' },
  listInvitations: { path: '/organization/list-invitations', method: 'GET' },
  listUserInvitations: { path: '/organization/list-user-invitations', method: 'GET' },
  createTeam: { path: '/organization/create-team', method: 'POST' },
  listOrganizationTeams: { path: '/organization/list-teams', method: 'GET' },
  updateTeam: { path: '/organization/update-team', method: 'POST' },
  removeTeam: { path: '/organization/remove-team', method: 'POST' },
  setActiveTeam: { path: '/organization/set-active-team', method: 'POST' },
  listUserTeams: { path: '/organization/list-user-teams', method: 'GET' },
  listTeamMembers: { path: '/organization/list-team-members', method: 'GET' },
  addTeamMember: { path: '/organization/add-team-member', method: 'POST' },
  removeTeamMember: { path: '/organization/remove-team-member', method: 'POST' },
} satisfies RouteTableOf<OrganizationEndpoint>;

type RouteId = keyof typeof routes;

/** Beyond the active organization, which every organization change refreshes. */
const ALSO_REFRESHES: { readonly [Id in RouteId]?: readonly string[] } = {
  createOrganization: ['organizations'],
  updateOrganization: ['organizations'],
  deleteOrganization: ['organizations'],
  // The active member belongs to the active organization: it changes with it.
  setActiveOrganization: ['session', 'activeMember'],
  updateMemberRole: ['activeMember'],
};

/**
 * SPEC §4: any organization call refreshes the active organization. A call here is a change (a
 * POST): the stores' own reads are GETs, and a read that refreshed its own store would loop.
 */
function refreshRules(): { [Id in RouteId]?: readonly string[] } {
  const rules: { [Id in RouteId]?: readonly string[] } = {};
  for (const id of Object.keys(routes) as RouteId[])
    if (routes[id].method === 'POST') rules[id] = ['activeOrganization', ...(ALSO_REFRESHES[id] ?? [])];
  return rules;
}

export function organizationClient() {
  return defineClientPlugin({
    id: 'organization',
    routes,
    stores: {
      organizations: { route: 'listOrganizations', hook: 'useListOrganizations' },
      activeOrganization: { route: 'getFullOrganization', hook: 'useActiveOrganization' },
      activeMember: { route: 'getActiveMember', hook: 'useActiveMember' },
    },
    refresh: refreshRules(),
  });
}

export type OrganizationClient = ReturnType<typeof organizationClient>;

declare module '../client-plugin' {
  interface ClientPluginRegistry {
    organization: OrganizationClient;
  }
}

/** What `/organization/list` answers: the caller's organizations. */
export type OrganizationListData<S extends ServerDescription> = OutputOf<S, 'listOrganizations'>;
/** One organization of the list. */
export type OrganizationData<S extends ServerDescription> =
  OrganizationListData<S> extends readonly (infer O)[] ? O : never;
/** What `/organization/get-full-organization` answers: the active organization with members, invitations and teams, or null. */
export type FullOrganizationData<S extends ServerDescription> = OutputOf<S, 'getFullOrganization'>;
/** What `/organization/get-active-member` answers: the caller's member row in the active organization, with its user. */
export type MemberData<S extends ServerDescription> = OutputOf<S, 'getActiveMember'>;
