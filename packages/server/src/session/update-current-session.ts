/**
 * @module The one way a route changes the session it was called with: the row and, when the cookie
 * cache is on, the cache the caller's browser holds, together, so get-session shows the change at
 * once and no plugin builds session cookies itself.
 */
import type { AuthContext } from '../auth/context';
import type { ResponseCookies } from '../http/cookies';
import type { CurrentSession } from './current-session-record';
import { setCookieCache } from './cookie-cache';

/** What an endpoint with a required session is given (its `ctx`), as far as this needs it. */
export interface SessionScope {
  readonly auth: AuthContext;
  readonly session: CurrentSession;
  readonly cookies: ResponseCookies;
}

/**
 * Writes `fields` to the current session's row, mirrors them in `ctx.session` and rewrites the
 * cookie cache. Only columns plugins declared may be written: the core ones (expiry, token) have
 * their own rules, kept by the engine.
 */
export async function updateCurrentSession(
  ctx: SessionScope,
  fields: Readonly<Record<string, unknown>>,
): Promise<void> {
  const { auth, session: current, cookies } = ctx;
  for (const name of Object.keys(fields)) {
    if (!auth.fields.session.has(name)) throw new Error(`Latchkey: "${name}" is not a session field a plugin declared`);
  }
  await auth.sessions.updateFields(current.session.id, fields);
  Object.assign(current.session, fields);
  current.tokenless = auth.options.session.cookieCache.enabled
    ? setCookieCache(auth, cookies, current.token, current.session, current.user)
    : undefined;
}
