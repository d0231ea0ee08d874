/**
 * @module Consents: which scopes a user granted a client (per organization when the client acts for
 * one: `referenceId`). One row per user, client and reference; a new grant widens it.
 */
import type { PluginHost } from '../../../plugin';
import { fromJsonList, toJsonList } from '../json-list';
import { oauthProviderSchema, type OAuthConsentTable } from '../schema';

export interface OAuthConsent {
  readonly id: string;
  readonly clientId: string;
  readonly userId: string;
  readonly referenceId: string | null;
  readonly scopes: readonly string[];
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

interface ConsentKey {
  readonly clientId: string;
  readonly userId: string;
  readonly referenceId: string | null;
}

export async function findConsent(auth: PluginHost, key: ConsentKey): Promise<OAuthConsent | null> {
  let query = oauthProviderSchema
    .db(auth)
    .selectFrom('oauthConsent')
    .selectAll()
    .where('clientId', '=', key.clientId)
    .where('userId', '=', key.userId);
  query =
    key.referenceId === null
      ? query.where('referenceId', 'is', null)
      : query.where('referenceId', '=', key.referenceId);
  const row = await query.executeTakeFirst();
  return row ? { ...row, scopes: fromJsonList(row.scopes) } : null;
}

/** Records that the user granted `scopes` to the client, adding them to what was granted before. */
export async function grantConsent(auth: PluginHost, key: ConsentKey, scopes: readonly string[]): Promise<void> {
  const db = oauthProviderSchema.db(auth);
  const now = auth.now();
  const existing = await findConsent(auth, key);
  if (existing) {
    const widened = [...new Set([...existing.scopes, ...scopes])];
    await db
      .updateTable('oauthConsent')
      .set({ scopes: toJsonList(widened), updatedAt: now })
      .where('id', '=', existing.id)
      .execute();
    return;
  }
  await db
    .insertInto('oauthConsent')
    .values({
      id: crypto.randomUUID(),
      clientId: key.clientId,
      userId: key.userId,
      referenceId: key.referenceId,
      scopes: toJsonList(scopes),
      createdAt: now,
      updatedAt: now,
    })
    .execute();
}

function toConsent(row: OAuthConsentTable): OAuthConsent {
  return { ...row, scopes: fromJsonList(row.scopes) };
}

/** The user's consents, oldest first. */
export async function listConsentsOf(auth: PluginHost, userId: string): Promise<OAuthConsent[]> {
  const rows = await oauthProviderSchema
    .db(auth)
    .selectFrom('oauthConsent')
    .selectAll()
    .where('userId', '=', userId)
    .orderBy('createdAt', 'asc')
    .execute();
  return rows.map(toConsent);
}

/** The consent `id` if it is the user's: another user's is as unknown as a missing one. */
export async function findConsentOf(auth: PluginHost, id: string, userId: string): Promise<OAuthConsent | null> {
  const row = await oauthProviderSchema
    .db(auth)
    .selectFrom('oauthConsent')
    .selectAll()
    .where('id', '=', id)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return row ? toConsent(row) : null;
}

/** Sets the scopes of the user's consent `id`; null when it is no longer there. */
export async function setConsentScopes(
  auth: PluginHost,
  consent: OAuthConsent,
  scopes: readonly string[],
): Promise<OAuthConsent | null> {
  const updatedAt = auth.now();
  const result = await oauthProviderSchema
    .db(auth)
    .updateTable('oauthConsent')
    .set({ scopes: toJsonList(scopes), updatedAt })
    .where('id', '=', consent.id)
    .where('userId', '=', consent.userId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n ? { ...consent, scopes: [...scopes], updatedAt } : null;
}

/**
 * Deletes the consent and, in the same transaction, revokes the live access and refresh tokens the
 * client holds for that user (and reference): a revoked consent must not leave the client acting
 * for the user until its tokens expire. False when the consent was already gone.
 */
export async function revokeConsent(auth: PluginHost, consent: OAuthConsent): Promise<boolean> {
  const now = auth.now();
  return oauthProviderSchema
    .db(auth)
    .transaction()
    .execute(async (trx) => {
      const deleted = await trx
        .deleteFrom('oauthConsent')
        .where('id', '=', consent.id)
        .where('userId', '=', consent.userId)
        .executeTakeFirst();
      if (deleted.numDeletedRows === 0n) return false;
      for (const table of ['oauthAccessToken', 'oauthRefreshToken'] as const) {
        let update = trx
          .updateTable(table)
          .set({ revoked: now })
          .where('clientId', '=', consent.clientId)
          .where('userId', '=', consent.userId)
          .where('revoked', 'is', null);
        update =
          consent.referenceId === null
            ? update.where('referenceId', 'is', null)
            : update.where('referenceId', '=', consent.referenceId);
        await update.execute();
      }
      return true;
    });
}
