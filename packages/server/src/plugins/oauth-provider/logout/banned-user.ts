/**
 * @module A banned user's tokens stop working at once (issue #31): the ban ends the user's
 * sessions, which takes their session-bound tokens (`afterSessionsEnded`), but `offline_access`
 * grants are meant to outlive sessions, so the ban must reach them itself. The admin plugin says a
 * user was banned by its `user-banned` event; this plugin listens to the event (the `event` hook)
 * rather than importing the admin plugin or reading its columns.
 *
 * Why not a check at each token use instead: every introspection, userinfo call and refresh would
 * have to know another plugin's notion of a ban. The event comes synchronously, before the ban is
 * answered; the hook may not wait, so the revocation is queued, and its first statement is sent at
 * once (`auth.background.run` starts the task on the spot).
 */
import type { AuthEvent, PluginHost } from '../../../plugin';
import { revokeUserTokens } from './store';

export function revokeBannedUserTokens(event: AuthEvent, auth: PluginHost): void {
  if (event.type !== 'user-banned' || !event.userId) return;
  const { userId } = event;
  auth.background.run('oauth-provider: revoke a banned user’s tokens', () => revokeUserTokens(auth, userId));
}
