/**
 * @module Platform roles as the admin plugin stores them: one role or several, comma-joined.
 * Which screens of the admin console a role opens is admin-access.ts's.
 */
export function rolesOf(role: string | null | undefined): string[] {
  return (role ?? '')
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);
}

export function isPlatformAdmin(user: { role?: string | null } | null | undefined): boolean {
  return rolesOf(user?.role).includes('admin');
}
