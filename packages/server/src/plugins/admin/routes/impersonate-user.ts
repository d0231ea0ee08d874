/**
 * @module POST /admin/impersonate-user {userId}: signs the admin in as another user, for
 * impersonationSessionDuration seconds, with a session that names the admin in `impersonatedBy`.
 * The admin's own session token is kept in a signed cookie so /admin/stop-impersonating can
 * restore it; the ban hook refuses to impersonate a banned user, as it refuses them any session.
 * An admin (an admin role, or a configured admin user id) is impersonated only by a caller whose
 * roles grant `user:impersonate-admins`, which the default admin role does not: else better-auth
 * 1.7's 403 `YOU_CANNOT_IMPERSONATE_ADMINS`.
 */
import { z } from 'zod';
import {
  AuthError,
  DEFAULTS,
  ERRORS,
  cookieNames,
  defineEndpoint,
  createSession,
  signValue,
  toSessionResponse,
  unsignValue,
  type AuthContext,
} from '../../../plugin-api';
import { ADMIN_ERRORS } from '../errors';
import { isAdminUser } from '../access-control';
import type { ResolvedAdminOptions } from '../options';
import { requirePermission } from '../require-permission';

const body = z.object({ userId: z.string().min(1) });

/**
 * better-auth's `admin_session` cookie, beside the session cookie with its prefix and attributes.
 * Its value is the admin's token and whether that session was "don't remember", joined by `:`
 * (tokens are alphanumeric), signed with the secret so it cannot be forged to name another session.
 */
export function adminSessionCookie(auth: AuthContext) {
  const { options } = auth;
  const name = cookieNames(options).sessionToken.replace(/session_token$/, 'admin_session');
  const attributes = {
    httpOnly: true,
    sameSite: 'Lax' as const,
    path: '/',
    secure: options.secureCookies,
    maxAge: Math.min(options.session.expiresIn, DEFAULTS.cookieMaxAgeCap),
  };
  return {
    name,
    attributes,
    value: (token: string, dontRemember: boolean) =>
      signValue(`${token}:${dontRemember ? 'true' : ''}`, options.secret),
    read(signed: string | undefined): { token: string; dontRemember: boolean } | null {
      const value = signed === undefined ? null : unsignValue(signed, options.secret);
      if (!value) return null;
      const [token = '', dontRemember] = value.split(':');
      return token ? { token, dontRemember: dontRemember === 'true' } : null;
    },
  };
}

export function impersonateUser(options: ResolvedAdminOptions) {
  return defineEndpoint({
    id: 'impersonateUser',
    method: 'POST',
    path: '/admin/impersonate-user',
    body,
    session: 'required',
    async handler(ctx) {
      const { auth, body, session, requestCookies, cookies } = ctx;
      requirePermission(options, session, { user: ['impersonate'] }, ADMIN_ERRORS.notAllowedToImpersonateUsers);
      const target = await auth.users.findById(body.userId);
      if (!target) throw new AuthError(ERRORS.userNotFound);
      if (isAdminUser(options, target)) {
        requirePermission(options, session, { user: ['impersonate-admins'] }, ADMIN_ERRORS.cannotImpersonateAdmins);
      }
      const adminCookie = adminSessionCookie(auth);
      const marker = requestCookies.get(cookieNames(auth.options).dontRemember);
      const adminDontRemember = marker !== undefined && unsignValue(marker, auth.options.secret) === 'true';
      // "Don't remember", as in better-auth: the session is never slid forward by get-session, so it
      // ends impersonationSessionDuration after it began, and its cookie ends with the browser.
      const impersonation = await createSession(ctx, target, {
        dontRemember: true,
        expiresIn: options.impersonationSessionDuration,
        fields: { impersonatedBy: session.user.id },
      });
      cookies.set(adminCookie.name, adminCookie.value(session.token, adminDontRemember), adminCookie.attributes);
      return toSessionResponse(impersonation);
    },
  });
}
