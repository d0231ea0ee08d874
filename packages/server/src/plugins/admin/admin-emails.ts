/**
 * @module The first admin (issue 4): users whose e-mail is in `adminEmails` get the admin role once
 * that address is verified — created verified, verified later (hooks), or already verified when
 * the server starts (`auth.api.promoteAdminEmails()`);
 * `auth.api.provisionAdmin` is the `latchkey create-admin` command's work: create an admin with a
 * password, or promote an existing user. Both are server-only endpoints closing over the plugin's
 * own options, so the roles and e-mails they use are the ones the plugin was given.
 */
import { sql } from 'kysely';
import { z } from 'zod';
import {
  AuthError,
  DEFAULTS,
  ERRORS,
  afterUserCreated,
  defineEndpoint,
  emitEvent,
  checkPasswordLength,
  hashPassword,
  lockedTransaction,
  normalizeEmail,
  randomString,
  type PluginHost,
  type PluginHooks,
  type User,
} from '../../plugin';
import { rolesOf } from './access-control';
import type { ResolvedAdminOptions } from './options';
import { adminSchema, type AdminUser } from './schema';

/** The role written for a listed e-mail: the first admin role, as better-auth's `adminRoles[0]`. */
function adminRoleOf(options: ResolvedAdminOptions): string {
  const role = options.adminRoles[0];
  if (!role) throw new Error('Latchkey admin: adminRoles is empty, so no role can be given to adminEmails');
  return role;
}

/** A promotion by the configured e-mails: no one's act, so no actor; the method says why. */
function emitPromotion(auth: PluginHost, userId: string, role: string): void {
  emitEvent({ auth }, 'role-changed', { method: 'admin-emails', actorUserId: null, userId, detail: { role } });
}

/**
 * A listed address is an admin's only once its holder has proved it (Latchkey's own mail, or a
 * provider trusted to vouch for addresses): anyone can sign up under an address they do not hold,
 * or have an untrusted OpenID Provider assert it verified, and whoever did so first would become
 * the admin. Unverified, the user keeps the default role until the address is verified
 * (`afterEmailVerified`). A user whose roles already include the admin role is left alone,
 * keeping its other roles.
 */
async function promoteListedUser(
  auth: PluginHost,
  options: ResolvedAdminOptions,
  user: AdminUser,
  updatedAt: Date,
): Promise<boolean> {
  if (!user.emailVerified) return false;
  if (options.adminEmails.size === 0 || !options.adminEmails.has(user.email.toLowerCase())) return false;
  const role = adminRoleOf(options);
  if (rolesOf(user.role).includes(role)) return false;
  await adminSchema.updateUser(auth, user.id, { role, updatedAt });
  emitPromotion(auth, user.id, role);
  return true;
}

/**
 * Runs after every user creation, before the answer is built: sign-up reads the user back
 * afterwards, so its response already says `role: "admin"` for a user created verified (by a
 * trusted provider, say).
 */
export function afterUserCreatedHook(options: ResolvedAdminOptions): NonNullable<PluginHooks['afterUserCreated']> {
  return async (created: User, auth: PluginHost) => {
    const user = adminSchema.user(created);
    // updatedAt stays the creation time: this is part of creating the user, not a later change.
    if (await promoteListedUser(auth, options, user, user.updatedAt)) user.role = adminRoleOf(options);
  };
}

/** Runs when an existing user's address has just been verified: the moment a listed one is proved. */
export function afterEmailVerifiedHook(options: ResolvedAdminOptions): NonNullable<PluginHooks['afterEmailVerified']> {
  return async (verified: User, auth: PluginHost) => {
    if (options.adminEmails.size === 0) return;
    // The stored row, not the caller's copy: two verifications at once must not promote twice.
    const stored = await auth.users.findById(verified.id);
    if (stored) await promoteListedUser(auth, options, adminSchema.user(stored), auth.now());
  };
}

/**
 * `auth.api.promoteAdminEmails()`, server-only: gives the admin role to every existing user with a
 * listed e-mail, one row at a time; users who already have it are not touched, so running it at every
 * start changes nothing the second time. Answers the number of users promoted.
 */
export function promoteAdminEmails(options: ResolvedAdminOptions) {
  return defineEndpoint({
    id: 'promoteAdminEmails',
    method: 'POST',
    path: '/admin/promote-admin-emails',
    summary: 'Promote the configured admin e-mails',
    serverOnly: true,
    async handler({ auth }): Promise<{ promoted: number }> {
      if (options.adminEmails.size === 0) return { promoted: 0 };
      const role = adminRoleOf(options);
      const listed = sql.ref('role');
      // Roles are a comma-separated list; a user with "editor,admin" keeps it.
      const lacksRole = sql<boolean>`not (${listed} = ${role} or ${listed} like ${`${role},%`} or ${listed} like ${`%,${role}`} or ${listed} like ${`%,${role},%`})`;
      const db = adminSchema.db(auth);
      const listedEmails = [...options.adminEmails];
      // Verified addresses only, as at sign-up: an unverified holder may not own the address.
      const toPromote = (query: ReturnType<typeof db.selectFrom<'user'>>) =>
        query.select('id').where('email', 'in', listedEmails).where('emailVerified', '=', true).where(lacksRole);
      const candidates = await toPromote(db.selectFrom('user')).execute();
      let promoted = 0;
      // One by one through the engine's updateUser, which drops each user's cookie caches; behind
      // the row's lock the row is checked again, so a role changed meanwhile is not overwritten.
      for (const { id } of candidates) {
        const user = await adminSchema.updateUser(
          auth,
          id,
          { role, updatedAt: auth.now() },
          {
            within: (write) =>
              lockedTransaction(db, auth.dialect, { table: 'user', ids: [id] }, async (trx) => {
                if (!(await toPromote(trx.selectFrom('user')).where('id', '=', id).executeTakeFirst())) return false;
                await write(trx);
                return true;
              }),
          },
        );
        if (!user) continue;
        promoted += 1;
        emitPromotion(auth, id, role);
      }
      return { promoted };
    },
  });
}

const provisionBody = z.object({
  email: z.string(),
  /** Required to create a user; for an existing user, replaces its password when given. */
  password: z.string().optional(),
  /** For a new user; defaults to the part of the address before the @. */
  name: z.string().optional(),
});

export type ProvisionAdminInput = z.input<typeof provisionBody>;

export type ProvisionAdminResult =
  | { outcome: 'created'; user: User }
  | { outcome: 'promoted' | 'already-admin'; user: User; passwordChanged: boolean }
  | { outcome: 'password-required' };

/**
 * `auth.api.provisionAdmin({ body })`, server-only: the `latchkey create-admin` command's work,
 * with the role the plugin's own options name. Throws the catalogue's AuthError for an invalid
 * address or a password outside the configured length (the same rules as sign-up).
 */
export function provisionAdmin(options: ResolvedAdminOptions) {
  return defineEndpoint({
    id: 'provisionAdmin',
    method: 'POST',
    path: '/admin/provision-admin',
    summary: 'Create the first admin',
    body: provisionBody,
    serverOnly: true,
    handler: ({ auth, body }): Promise<ProvisionAdminResult> => provision(auth, options, body),
  });
}

async function provision(
  auth: PluginHost,
  options: ResolvedAdminOptions,
  input: z.output<typeof provisionBody>,
): Promise<ProvisionAdminResult> {
  const role = adminRoleOf(options);
  const email = normalizeEmail(input.email);
  if (!email) throw new AuthError(ERRORS.invalidEmail);
  if (input.password !== undefined) checkPasswordLength(auth, input.password);
  const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);

  const existing = await auth.users.findByEmail(email);
  if (existing) {
    const isAdmin = rolesOf(adminSchema.user(existing).role).includes(role);
    const now = auth.now();
    if (!isAdmin) await adminSchema.updateUser(auth, existing.id, { role, updatedAt: now });
    if (passwordHash !== undefined) {
      await auth.accounts.setPassword(existing.id, passwordHash, now);
      // The operator is taking the account over with a new password: whoever signed in with the
      // old one (someone who registered the address first, say) must not keep an admin session.
      await auth.sessions.deleteByUser(existing.id);
    }
    const user = (await auth.users.findById(existing.id)) ?? existing;
    return { outcome: isAdmin ? 'already-admin' : 'promoted', user, passwordChanged: passwordHash !== undefined };
  }

  if (passwordHash === undefined) return { outcome: 'password-required' };
  const now = auth.now();
  const user: User & Pick<AdminUser, 'role'> = {
    id: randomString(DEFAULTS.idLength),
    name: input.name?.trim() || email.slice(0, email.indexOf('@')),
    email,
    // The operator vouches for the address; with REQUIRE_EMAIL_VERIFICATION on and no mail set up
    // yet, an unverified first admin could never sign in.
    emailVerified: true,
    image: null,
    language: null,
    createdAt: now,
    updatedAt: now,
    role,
  };
  await auth.users.createWithCredential(user, { id: randomString(DEFAULTS.idLength), passwordHash });
  await afterUserCreated(auth, user);
  return { outcome: 'created', user: (await auth.users.findById(user.id)) ?? user };
}
