/**
 * @module POST /admin/set-role {userId, role}: one role or several (stored comma-joined). When
 * the call names the signed-in admin themself, the session is read back past the cookie cache, so
 * the header and the admin guard follow the new role at once instead of up to a minute later. The
 * user page does not offer a role change on one's own record, but every caller of set-role gets
 * this, so no future screen can leave a demoted admin looking at the console.
 */
import { useAuthClient, useSession, type AppClient } from '../../../lib/auth';
import { useReloadSession } from '../../../lib/reload-session';
import { unwrap } from '../../../lib/unwrap';

export type SetRoleInput = Parameters<AppClient['admin']['setRole']>[0];

export function useSetRole() {
  const client = useAuthClient();
  const { data: session } = useSession();
  const reloadSession = useReloadSession();
  return async (input: SetRoleInput) => {
    const result = await unwrap(client.admin.setRole(input));
    if (input.userId === session?.user.id) await reloadSession();
    return result;
  };
}
