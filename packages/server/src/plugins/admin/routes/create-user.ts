/**
 * @module POST /admin/create-user {email, password, name, role?, data?}: a user with a credential
 * account, created by an admin. The e-mail and password follow sign-up's rules; a taken e-mail is
 * sign-up's error with better-auth's 400 for this route (sign-up answers 422). The role defaults to the plugin's default role; giving one also needs
 * `user:set-role` (as better-auth 1.7). `data` sets only what user-data.ts allows. The new user's
 * e-mail is unverified and no session is created. Answers {user}.
 */
import { z } from 'zod';
import {
  AuthError,
  DEFAULTS,
  ERRORS,
  afterUserCreated,
  checkPasswordLength,
  defineEndpoint,
  emailField,
  emitEvent,
  hashPassword,
  isUniqueViolation,
  nameField,
  normalizeEmail,
  passwordField,
  randomString,
  type PluginHost,
  type User,
  userResponse,
} from '../../../plugin';
import { ADMIN_ERRORS } from '../errors';
import type { ResolvedAdminOptions } from '../options';
import type { AdminUser } from '../schema';
import { requirePermission } from '../require-permission';
import { roleField, toStoredRole } from '../role-input';
import { readUserData } from '../user-data';

const body = z.object({
  email: emailField,
  password: passwordField,
  name: nameField,
  role: roleField.optional(),
  data: z.record(z.string(), z.unknown()).optional(),
});

export function createUser(options: ResolvedAdminOptions) {
  return defineEndpoint({
    id: 'createUser',
    method: 'POST',
    path: '/admin/create-user',
    summary: 'Create a user (admin)',
    response: z.object({ user: userResponse }),
    errors: [
      ADMIN_ERRORS.notAllowedToCreateUsers,
      ADMIN_ERRORS.notAllowedToChangeRole,
      ERRORS.invalidEmail,
      ADMIN_ERRORS.userAlreadyExistsUseAnotherEmail,
      ADMIN_ERRORS.failedToCreateUser,
    ],
    body,
    session: 'required',
    async handler({ auth, body, session, headers, clientIp }) {
      requirePermission(options, session, { user: ['create'] }, ADMIN_ERRORS.notAllowedToCreateUsers);
      let role = options.defaultRole;
      if (body.role !== undefined) {
        requirePermission(options, session, { user: ['set-role'] }, ADMIN_ERRORS.notAllowedToChangeRole);
        role = toStoredRole(options, body.role);
      }
      const email = normalizeEmail(body.email);
      if (!email) throw new AuthError(ERRORS.invalidEmail);
      checkPasswordLength(auth, body.password);
      if (await auth.users.findByEmail(email)) throw new AuthError(ADMIN_ERRORS.userAlreadyExistsUseAnotherEmail);
      const data = body.data ?? {};
      const columns = await readUserData(auth, 'signUpEmail', data, null);

      const now = auth.now();
      const user: User & Pick<AdminUser, 'role'> = {
        ...columns,
        id: randomString(DEFAULTS.idLength),
        name: body.name,
        email,
        emailVerified: false,
        image: typeof columns.image === 'string' ? columns.image : null,
        // The admin's request says nothing of the new user's language: unknown until theirs does.
        language: null,
        createdAt: now,
        updatedAt: now,
        role,
      };
      const passwordHash = await hashPassword(body.password);
      try {
        await auth.users.createWithCredential(user, { id: randomString(DEFAULTS.idLength), passwordHash });
      } catch (error) {
        throw await creationFailure(auth, error, email, data);
      }
      await afterUserCreated(auth, user);
      emitEvent({ auth, headers, clientIp }, 'user-created', {
        userId: user.id,
        actorUserId: session.user.id,
        detail: { role },
      });
      // Read back, so the answer carries the columns' defaults (banned false…).
      return { user: (await auth.users.findById(user.id)) ?? user };
    },
  });
}

/** What to answer when the insert failed: the taken value when a unique index refused it, else 500. */
async function creationFailure(
  auth: PluginHost,
  error: unknown,
  email: string,
  data: Record<string, unknown>,
): Promise<AuthError> {
  if (isUniqueViolation(error)) {
    // Lost a race with a parallel creation: the address, or a plugin column whose check names it.
    if (await auth.users.findByEmail(email)) return new AuthError(ADMIN_ERRORS.userAlreadyExistsUseAnotherEmail);
    try {
      await readUserData(auth, 'signUpEmail', data, null);
    } catch (named) {
      if (named instanceof AuthError) return named;
    }
  }
  auth.logger.error({ err: error }, 'Admin create-user could not insert the user');
  return new AuthError(ADMIN_ERRORS.failedToCreateUser, { cause: error });
}
