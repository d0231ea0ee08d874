/**
 * @module POST /admin/has-permission {permission | permissions, userId?, role?} → {error: null,
 * success}. As better-auth 1.7: a request that carries a session is answered for the session's
 * user (userId and role are then ignored, so nobody learns another user's role this way); any
 * other request over HTTP is 401. Only a server-side `auth.api.userHasPermission` call without
 * headers may ask for a `role` or, failing that, a `userId`. One resource at a time (SPEC §5):
 * none or several is 400 VALIDATION_ERROR.
 */
import { z } from 'zod';
import {
  AuthError,
  ERRORS,
  defineEndpoint,
  permissionRequestBody,
  permissionResponse,
  readCurrentSession,
} from '../../../plugin';
import type { PermissionRequest } from '../access-control';
import type { ResolvedAdminOptions } from '../options';
import { isAllowed } from '../require-permission';

const body = permissionRequestBody({ userId: z.string().min(1).optional(), role: z.string().min(1).optional() });

export function userHasPermission(options: ResolvedAdminOptions) {
  return defineEndpoint({
    id: 'userHasPermission',
    method: 'POST',
    path: '/admin/has-permission',
    summary: "Check the user's platform permissions",
    response: permissionResponse,
    errors: [ERRORS.unauthorized, ERRORS.userNotFound],
    body,
    // The session is read here: a server-side call (auth.api) may name a role or user instead.
    session: 'none',
    async handler({ auth, body, serverCall, requestCookies, cookies }) {
      const request: PermissionRequest = body.permissions ?? body.permission ?? {};
      const current = await readCurrentSession(auth, requestCookies, cookies, { disableCookieCache: true });
      let subject: { id: string; role?: unknown } | null = current?.user ?? null;
      if (!subject) {
        // Only the server's own code (`auth.api`) is trusted to name its subject.
        if (!serverCall) throw new AuthError(ERRORS.unauthorized);
        if (body.role !== undefined) subject = { id: body.userId ?? '', role: body.role };
        else if (body.userId !== undefined) subject = await auth.users.findById(body.userId);
        else
          throw new AuthError(ERRORS.invalidBody, {
            details: [{ path: 'userId', message: 'userId or role is required' }],
          });
        if (!subject) throw new AuthError(ERRORS.userNotFound);
      }
      return { error: null, success: isAllowed(options, subject, request) };
    },
  });
}
