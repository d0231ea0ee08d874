/**
 * @module GET /security-notice/not-me?token: the "this wasn't me" link of a notice. It uses the
 * token up, ends every session of its user (the intruder's with them) and lands on the options'
 * `landingURL` — the web app's forgotten-password page — with `email` to prefill and `signedOut=1`,
 * so the user asks for a reset mail and chooses a new password; an unknown, used or expired token
 * lands there with `error=INVALID_TOKEN` instead, the same answer for all three.
 *
 * A GET, as every mailed link: a mail provider's link scanner that fetches it signs the user out
 * everywhere, which costs a sign-in and gives nothing away (the reset still needs the mailbox).
 */
import { z } from 'zod';
import { defineEndpoint, type PluginHost } from '../../../plugin';
import { redeemNotMeToken } from '../link';
import type { ResolvedSecurityNoticeOptions } from '../options';

const query = z.object({ token: z.string().max(256) });

function landing(auth: PluginHost, target: string, params: Record<string, string>): Response {
  const url = new URL(target, auth.options.baseOrigin);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  // 302, never cached: the answer depends on a one-time token.
  return new Response(null, { status: 302, headers: { location: url.href, 'cache-control': 'no-store' } });
}

export function notMeRoute(options: ResolvedSecurityNoticeOptions) {
  return defineEndpoint({
    id: 'securityNoticeNotMe',
    method: 'GET',
    path: '/security-notice/not-me',
    summary: 'The "this wasn’t me" link of a security notice',
    response: 'redirect',
    query,
    rateLimit: 'mail',
    async handler({ auth, query }) {
      const userId = await redeemNotMeToken(auth, query.token);
      const user = userId === null ? null : await auth.users.findById(userId);
      if (!user) return landing(auth, options.landingURL, { error: 'INVALID_TOKEN' });
      await auth.sessions.deleteByUser(user.id);
      return landing(auth, options.landingURL, { email: user.email, signedOut: '1' });
    },
  });
}
