/**
 * @module Which screens of the admin console the signed-in user may open. The built-in `admin`
 * role holds every permission (ADMIN_ROLES cannot redefine it) and a plain `user` holds none, so
 * those are answered here; any other role (an operator's ADMIN_ROLES, say a role with only
 * `oauthClient` rights) is asked of the server, one `/admin/has-permission` per screen. The server
 * checks every call anyway: this only decides what is shown.
 */
import { useQuery } from '@tanstack/react-query';
import { useAuthClient, useSession } from './auth';
import { rolesOf } from './roles';
import { unwrap } from './unwrap';

/** Each screen and the permission its list needs (the server's, route by route). */
export const ADMIN_SCREENS = {
  users: { user: ['list'] },
  applications: { oauthClient: ['read'] },
  audit: { audit: ['list'] },
} satisfies Record<string, Record<string, string[]>>;
export type AdminScreen = keyof typeof ADMIN_SCREENS;
const SCREENS = Object.keys(ADMIN_SCREENS) as AdminScreen[];

export interface AdminAccess {
  /** The screens the user may open, in the console's order. */
  screens: readonly AdminScreen[];
  /** True until the server has answered for a custom role. */
  isPending: boolean;
}

const everyScreen: AdminAccess = { screens: SCREENS, isPending: false };
const noScreen: AdminAccess = { screens: [], isPending: false };

export function useAdminAccess(): AdminAccess {
  const client = useAuthClient();
  const { data } = useSession();
  const roles = rolesOf((data?.user as { role?: string | null } | undefined)?.role);
  const custom = !roles.includes('admin') && roles.some((role) => role !== 'user');
  const query = useQuery({
    queryKey: ['admin-access', data?.user.id, roles.join(',')],
    queryFn: async () => {
      const answers = await Promise.all(
        SCREENS.map((screen) => unwrap(client.admin.hasPermission({ permissions: { ...ADMIN_SCREENS[screen] } }))),
      );
      return SCREENS.filter((_, index) => answers[index]?.success === true);
    },
    enabled: custom && Boolean(data),
  });
  if (!data) return noScreen;
  if (roles.includes('admin')) return everyScreen;
  if (!custom) return noScreen;
  return { screens: query.data ?? [], isPending: query.isPending };
}
