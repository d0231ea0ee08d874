/**
 * @module POST /admin/create-user {email, password?, name, role?, data?, sendInvitation?,
 * redirectTo?}: a user created by an admin. The e-mail and password follow sign-up's rules; a taken
 * e-mail is sign-up's error with better-auth's 400 for this route (sign-up answers 422). The role
 * defaults to the plugin's default role; giving one also needs `user:set-role` (as better-auth
 * 1.7). `data` sets only what user-data.ts allows. Without a password the user has no credential
 * account (better-auth 1.7); with `sendInvitation` (and no password) they are mailed a link, to the
 * app's `redirectTo` page, to choose one (invitation-mail.ts; docs/decisions.md, Admin). The new
 * user's e-mail is unverified and no session is created. Answers {user}.
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
  redirectUrl,
  requestLanguage,
  issuePasswordSetupLink,
  sendMail,
  type PluginHost,
  type ServerLanguage,
  type User,
  userResponse,
} from '../../../plugin';
import { ADMIN_ERRORS } from '../errors';
import type { ResolvedAdminOptions } from '../options';
import type { AdminUser } from '../schema';
import { invitationMail } from '../invitation-mail';
import { requirePermission } from '../require-permission';
import { roleField, toStoredRole } from '../role-input';
import { readUserData } from '../user-data';

const body = z
  .object({
    email: emailField,
    password: passwordField.optional(),
    name: nameField,
    role: roleField.optional(),
    data: z.record(z.string(), z.unknown()).optional(),
    /** Mail the user a link to choose a first password, instead of giving one. */
    sendInvitation: z.boolean().optional(),
    /** The app's set-a-password page the link lands on, with `?token=…` (the reset page). */
    redirectTo: redirectUrl(ERRORS.invalidRedirectURL).optional(),
  })
  .superRefine((value, ctx) => {
    if (!value.sendInvitation) return;
    // A password and an invitation to choose one contradict each other.
    if (value.password !== undefined)
      ctx.addIssue({ code: 'custom', path: ['password'], message: 'Not with sendInvitation' });
    if (value.redirectTo === undefined)
      ctx.addIssue({ code: 'custom', path: ['redirectTo'], message: 'Required with sendInvitation' });
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
      ERRORS.resetPasswordNotEnabled,
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
      if (body.password !== undefined) checkPasswordLength(auth, body.password);
      // Refused before the user exists: an invitation that cannot be mailed would leave an account no one can open.
      if (body.sendInvitation && !auth.mailer) throw new AuthError(ERRORS.resetPasswordNotEnabled);
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
      const credential =
        body.password === undefined
          ? null
          : { id: randomString(DEFAULTS.idLength), passwordHash: await hashPassword(body.password) };
      try {
        await auth.users.createWithCredential(user, credential);
      } catch (error) {
        throw await creationFailure(auth, error, email, data);
      }
      await afterUserCreated(auth, user);
      emitEvent({ auth, headers, clientIp }, 'user-created', {
        userId: user.id,
        actorUserId: session.user.id,
        ...(body.sendInvitation ? { method: 'invitation' } : {}),
        detail: { role },
      });
      if (body.sendInvitation && body.redirectTo !== undefined) {
        await mailInvitation(auth, options, user, body.redirectTo, requestLanguage(headers));
      }
      // Read back, so the answer carries the columns' defaults (banned false…).
      return { user: (await auth.users.findById(user.id)) ?? user };
    },
  });
}

/**
 * Awaited, unlike sign-up's verification mail: the admin is told if the invitation did not go
 * out, and can send a password reset from the user's page instead.
 */
async function mailInvitation(
  auth: PluginHost,
  options: ResolvedAdminOptions,
  user: User,
  redirectTo: string,
  language: ServerLanguage,
): Promise<void> {
  const { mailer } = auth;
  if (!mailer) return;
  const expiresIn = options.invitationExpiresIn;
  const url = await issuePasswordSetupLink(auth, user, { expiresIn, callbackURL: redirectTo });
  const site = new URL(auth.options.baseURL).host;
  await sendMail(auth, mailer, {
    kind: 'account-invitation',
    to: { userId: user.id },
    requestLanguage: language,
    render: (chosen) => invitationMail(user.email, user.name, { site, url, expiresIn }, chosen),
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
