/**
 * @module The platform roles the console offers: the admin plugin's default table (user, admin).
 * A server configured with more roles still shows them on a user; they are kept when the role is
 * changed here (role-form.tsx).
 */
export const KNOWN_ROLES = ['user', 'admin'] as const;
