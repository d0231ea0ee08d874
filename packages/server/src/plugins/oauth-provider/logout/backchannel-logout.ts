/**
 * @module What the provider does when sessions end (the `afterSessionsEnded` hook), by OpenID
 * Connect Back-Channel Logout 1.0 and better-auth's rules: the sessions' tokens are revoked at once
 * (store.ts), then each relying party with a `backchannel_logout_uri` that held tokens of one of
 * them is sent a logout token, in the background so that a slow relying party cannot hold up a
 * sign-out.
 */
import type { EndedSession, PluginHost } from '../../../plugin';
import { toOAuthClient, type OAuthClient } from '../clients/client';
import type { ResolvedOAuthProviderOptions } from '../options';
import { oauthProviderSchema } from '../schema';
import { signJwt } from '../keys/signing-keys';
import { revokeSessionTokens } from './store';

const BACKCHANNEL_LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout';
/** §4: a logout token's life is kept short (at most two minutes) to narrow its replay window. */
const LOGOUT_TOKEN_LIFETIME_SECONDS = 120;
/** One attempt per relying party (§2.8: the OP SHOULD NOT retransmit), given this long. */
const DELIVERY_TIMEOUT_MS = 5_000;

interface Delivery {
  readonly client: OAuthClient;
  readonly session: EndedSession;
}

async function clientsByIds(auth: PluginHost, clientIds: readonly string[]): Promise<Map<string, OAuthClient>> {
  if (clientIds.length === 0) return new Map();
  const rows = await oauthProviderSchema
    .db(auth)
    .selectFrom('oauthClient')
    .selectAll()
    .where('clientId', 'in', [...clientIds])
    .execute();
  return new Map(rows.map((row) => [row.clientId, toOAuthClient(row)]));
}

/** §2.4: the claims a logout token must carry, `typ` logout+jwt, and never a nonce (§2.6). */
function signLogoutToken(auth: PluginHost, options: ResolvedOAuthProviderOptions, delivery: Delivery) {
  const iat = Math.floor(auth.now().getTime() / 1000);
  return signJwt(
    auth,
    options,
    {
      iss: options.issuer(auth),
      aud: delivery.client.clientId,
      iat,
      exp: iat + LOGOUT_TOKEN_LIFETIME_SECONDS,
      jti: crypto.randomUUID(),
      sub: delivery.session.userId,
      sid: delivery.session.id,
      events: { [BACKCHANNEL_LOGOUT_EVENT]: {} },
    },
    { typ: 'logout+jwt' },
  );
}

async function deliver(auth: PluginHost, options: ResolvedOAuthProviderOptions, delivery: Delivery): Promise<void> {
  const { clientId, backchannelLogoutUri } = delivery.client;
  try {
    const response = await fetch(backchannelLogoutUri!, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ logout_token: await signLogoutToken(auth, options, delivery) }),
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      // The registered URI is the one that was vetted (public https): a redirect could lead anywhere.
      redirect: 'error',
    });
    // §2.8: the relying party answers 200; many frameworks turn an empty 200 into 204.
    if (response.status !== 200 && response.status !== 204)
      auth.logger.warn({ clientId, status: response.status }, 'back-channel logout was refused');
  } catch (error) {
    auth.logger.warn({ clientId, err: error }, 'back-channel logout failed');
  }
}

export function endSessionsAccess(options: ResolvedOAuthProviderOptions) {
  return async (sessions: readonly EndedSession[], auth: PluginHost): Promise<void> => {
    const pairs = await revokeSessionTokens(
      auth,
      sessions.map((session) => session.id),
    );
    if (pairs.length === 0) return;
    const clients = await clientsByIds(auth, [...new Set(pairs.map((pair) => pair.clientId))]);
    const byId = new Map(sessions.map((session) => [session.id, session]));
    const deliveries: Delivery[] = [];
    for (const { sessionId, clientId } of pairs) {
      const client = clients.get(clientId);
      const session = byId.get(sessionId);
      // A disabled client is told nothing, as it is answered nothing else.
      if (client?.backchannelLogoutUri && !client.disabled && session) deliveries.push({ client, session });
    }
    if (deliveries.length === 0) return;
    auth.background.run('oauth-provider back-channel logout', async () => {
      await Promise.all(deliveries.map((delivery) => deliver(auth, options, delivery)));
    });
  };
}
