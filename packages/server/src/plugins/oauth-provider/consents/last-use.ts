/**
 * @module When a consent was last used, for the account page: the latest token issued under it (a
 * code exchange, a device grant or a refresh: every one writes an access token, and a refresh token
 * when it carries one), or the consent's own `updatedAt` when that is later. Token checks do not
 * write (docs/decisions.md, "OAuth provider"), so a client calling an API with one access token
 * for an hour shows the hour's start: the latest issue is the nearest honest answer.
 */
import type { PluginHost } from '../../../plugin';
import { oauthProviderSchema } from '../schema';
import type { OAuthConsent } from './store';

/** A consent with Latchkey's `lastUsedAt` beside better-auth's fields. */
export interface OAuthConsentWithLastUse extends OAuthConsent {
  readonly lastUsedAt: Date;
}

async function latestIssue(auth: PluginHost, consent: OAuthConsent): Promise<Date | null> {
  const db = oauthProviderSchema.db(auth);
  let latest: Date | null = null;
  for (const table of ['oauthAccessToken', 'oauthRefreshToken'] as const) {
    // One row through the userId index; a user holds a handful of grants, so one query a consent.
    let query = db
      .selectFrom(table)
      .select('createdAt')
      .where('userId', '=', consent.userId)
      .where('clientId', '=', consent.clientId);
    query =
      consent.referenceId === null
        ? query.where('referenceId', 'is', null)
        : query.where('referenceId', '=', consent.referenceId);
    const row = await query.orderBy('createdAt', 'desc').limit(1).executeTakeFirst();
    if (row && (latest === null || row.createdAt > latest)) latest = row.createdAt;
  }
  return latest;
}

export async function withLastUse(auth: PluginHost, consent: OAuthConsent): Promise<OAuthConsentWithLastUse> {
  const issued = await latestIssue(auth, consent);
  const lastUsedAt = issued !== null && issued > consent.updatedAt ? issued : consent.updatedAt;
  return { ...consent, lastUsedAt };
}

export function withLastUses(auth: PluginHost, consents: readonly OAuthConsent[]): Promise<OAuthConsentWithLastUse[]> {
  return Promise.all(consents.map((consent) => withLastUse(auth, consent)));
}
