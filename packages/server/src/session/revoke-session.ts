/**
 * @module POST /revoke-session {token}: ends one of the caller's own sessions, named by its token
 * or by the digest /list-sessions shows. Answers `{status: true}` whether or not such a session
 * existed, so it tells nothing about other users' tokens.
 */
import { z } from 'zod';
import { sha256Hex } from '../crypto/digest';
import { defineEndpoint } from '../endpoint/define-endpoint';
import { clearSessionCookies } from './session-cookies';
import { emitEvent } from '../events/emit-event';
import { statusResponse } from '../endpoint/responses';

export const revokeSession = defineEndpoint({
  id: 'revokeSession',
  method: 'POST',
  path: '/revoke-session',
  summary: 'Revoke one session',
  response: statusResponse,
  body: z.object({ token: z.string().min(1).max(256) }),
  session: 'required',
  async handler({ auth, body, session, cookies, headers, clientIp }) {
    const digest = sha256Hex(body.token);
    await auth.sessions.deleteOwnByDigests(session.user.id, [digest, body.token]);
    const userId = session.user.id;
    emitEvent({ auth, headers, clientIp }, 'session-revoked', {
      method: 'revoke-session',
      userId,
      actorUserId: userId,
    });
    if (digest === session.session.token || body.token === session.session.token) clearSessionCookies(auth, cookies);
    return { status: true };
  },
});
