/**
 * @module Consents: which scopes a user granted a client (per organization when the client acts for
 * one: `referenceId`). One row per user, client and reference; a new grant widens it.
 */
import type { PluginHost } from '../../../plugin';
import { fromJsonList, toJsonList } from '../json-list';
import { oauthProviderSchema } from '../schema';

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
