/**
 * @module POST /admin/stop-impersonating: ends the impersonation session and signs the admin back
 * in with the session impersonate-user saved, answering the admin's `{session, user}`.
 */
import {
  AuthError,
  defineEndpoint,
  setCookieCache,
  setSessionTokenCookie,
  sha256Hex,
  toSessionResponse,
} from '../../../plugin-api';
import { ADMIN_ERRORS } from '../errors';
import type { ResolvedAdminOptions } from '../options';
import { adminSchema } from '../schema';
import { adminSessionCookie } from './impersonate-user';

export function stopImpersonating(_options: ResolvedAdminOptions) {
  return defineEndpoint({
    id: 'stopImpersonating',
    method: 'POST',
    path: '/admin/stop-impersonating',
    session: 'required',
    async handler({ auth, session, requestCookies, cookies }) {
      const adminId = adminSchema.session(session.session).impersonatedBy;
      if (!adminId) throw new AuthError(ADMIN_ERRORS.notImpersonating);
      const adminCookie = adminSessionCookie(auth);
      const saved = adminCookie.read(requestCookies.get(adminCookie.name));
      const admin = saved && (await auth.sessions.findWithUserByDigest(sha256Hex(saved.token)));
      // The saved session must be the impersonating admin's and still alive: a cookie kept from
      // another impersonation, or a session revoked meanwhile, restores nothing.
      if (!saved || !admin || admin.user.id !== adminId || admin.session.expiresAt <= auth.now()) {
        throw new AuthError(ADMIN_ERRORS.failedToFindAdminSession);
      }
      await auth.sessions.deleteById(session.session.id, session.session.userId);
      setSessionTokenCookie(auth, cookies, saved.token, saved.dontRemember);
      if (auth.options.session.cookieCache.enabled)
        setCookieCache(auth, cookies, saved.token, admin.session, admin.user);
      cookies.delete(adminCookie.name, adminCookie.attributes);
      return toSessionResponse({ ...admin, token: saved.token });
    },
  });
}
