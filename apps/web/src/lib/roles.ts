/**
 * @module Platform roles as the admin plugin stores them: one role or several, comma-joined.
 * Only the role `admin` (the plugin's default admin role) opens the admin console.
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
