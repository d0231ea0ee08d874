/**
 * @module The first admin (issue 4): users whose e-mail is in `adminEmails` get the admin role when
 * they sign up (a hook) and when the server starts (`promoteAdminEmails`); `provisionAdmin` is the
 * `latchkey create-admin` command's work: create an admin with a password, or promote an existing
 * user.
 */
import { sql, type Kysely } from 'kysely';
import {
  AuthError,
  DEFAULTS,
  ERRORS,
  afterUserCreated,
  checkPasswordLength,
  hashPassword,
  normalizeEmail,
  randomString,
  type AuthContext,
  type PluginHooks,
  type User,
} from '../../plugin-api';
import { rolesOf } from './access-control';
import { resolveAdminOptions, type AdminOptions, type ResolvedAdminOptions } from './options';

/** What `createAuth` returns, as far as these functions need it (the plugin never imports the engine's factory). */
export interface AuthInstance {
  readonly context: AuthContext;
}

/** The role written for a listed e-mail: the first admin role, as better-auth's `adminRoles[0]`. */
function adminRoleOf(options: ResolvedAdminOptions): string {
  const role = options.adminRoles[0];
  if (!role) throw new Error('Latchkey admin: adminRoles is empty, so no role can be given to adminEmails');
  return role;
}

/**
 * Runs after every user creation, before the answer is built: sign-up reads the user back
 * afterwards, so its response already says `role: "admin"`. A user whose roles already include the
 * admin role (an admin created it so) is left alone, keeping its other roles.
 */
export function afterUserCreatedHook(options: ResolvedAdminOptions): NonNullable<PluginHooks['afterUserCreated']> {
  return async (user: User, auth: AuthContext) => {
    if (options.adminEmails.size === 0 || !options.adminEmails.has(user.email.toLowerCase())) return;
    const role = adminRoleOf(options);
    if (rolesOf(user.role).includes(role)) return;
    // updatedAt stays the creation time: this is part of creating the user, not a later change.
    await auth.users.update(user.id, { role, updatedAt: user.updatedAt });
    user.role = role;
  };
}

/**
 * Gives the admin role to every existing user with a listed e-mail, in one UPDATE; users who
 * already have it are not touched, so running it at every start changes nothing the second time.
 * Resolves to the number of users promoted.
 */
export async function promoteAdminEmails(auth: AuthInstance, options: AdminOptions = {}): Promise<number> {
  const resolved = resolveAdminOptions(options);
  if (resolved.adminEmails.size === 0) return 0;
  const role = adminRoleOf(resolved);
  // Roles are a comma-separated list; a user with "editor,admin" keeps it. Plugin columns are not
  // in the core table types, hence the untyped builder.
  const db = auth.context.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const result = await db
    .updateTable('user')
    .set({ role, updatedAt: auth.context.now() })
    .where('email', 'in', [...resolved.adminEmails])
    .where(
      sql<boolean>`not (${sql.ref('role')} = ${role} or ${sql.ref('role')} like ${`${role},%`} or ${sql.ref('role')} like ${`%,${role}`} or ${sql.ref('role')} like ${`%,${role},%`})`,
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export interface ProvisionAdminInput {
  email: string;
  /** Required to create a user; for an existing user, replaces its password when given. */
  password?: string;
  /** For a new user; defaults to the part of the address before the @. */
  name?: string;
}

export type ProvisionAdminResult =
  | { outcome: 'created'; user: User }
  | { outcome: 'promoted' | 'already-admin'; user: User; passwordChanged: boolean }
  | { outcome: 'password-required' };

/**
 * `latchkey create-admin`. Throws the catalogue's AuthError for an invalid address or a password
 * outside the configured length (the same rules as sign-up).
 */
export async function provisionAdmin(
  auth: AuthInstance,
  input: ProvisionAdminInput,
  options: AdminOptions = {},
): Promise<ProvisionAdminResult> {
  const context = auth.context;
  const role = adminRoleOf(resolveAdminOptions(options));
  const email = normalizeEmail(input.email);
  if (!email) throw new AuthError(ERRORS.invalidEmail);
  if (input.password !== undefined) checkPasswordLength(context, input.password);
  const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);

  const existing = await context.users.findByEmail(email);
  if (existing) {
    const isAdmin = rolesOf(existing.role).includes(role);
    const now = context.now();
    if (!isAdmin) await context.users.update(existing.id, { role, updatedAt: now });
    if (passwordHash !== undefined) {
      await context.accounts.setPassword(existing.id, passwordHash, now);
      // The operator is taking the account over with a new password: whoever signed in with the
      // old one (someone who registered the address first, say) must not keep an admin session.
      await context.sessions.deleteByUser(existing.id);
    }
    const user = (await context.users.findById(existing.id)) ?? existing;
    return { outcome: isAdmin ? 'already-admin' : 'promoted', user, passwordChanged: passwordHash !== undefined };
  }

  if (passwordHash === undefined) return { outcome: 'password-required' };
  const now = context.now();
  const user: User = {
    id: randomString(DEFAULTS.idLength),
    name: input.name?.trim() || email.slice(0, email.indexOf('@')),
    email,
    // The operator vouches for the address; with REQUIRE_EMAIL_VERIFICATION on and no mail set up
    // yet, an unverified first admin could never sign in.
    emailVerified: true,
    image: null,
    createdAt: now,
    updatedAt: now,
    role,
  };
  await context.users.createWithCredential(user, { id: randomString(DEFAULTS.idLength), passwordHash });
  await afterUserCreated(context, user);
  return { outcome: 'created', user: (await context.users.findById(user.id)) ?? user };
}
