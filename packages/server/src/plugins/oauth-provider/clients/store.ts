/**
 * @module The client table's writes and the owner's reads, written once for every route.
 */
import { randomBytes } from 'node:crypto';
import type { PluginHost } from '../../../plugin';
import { digestOf, newOpaqueSecret } from '../opaque-secret';
import { oauthProviderSchema } from '../schema';
import { toOAuthClient, type OAuthClient } from './client';
import { issuesSecret, type ClientColumns } from './metadata';

export interface IssuedClient {
  readonly client: OAuthClient;
  /** The plaintext secret, for the one answer that shows it; undefined when none is issued. */
  readonly clientSecret: string | undefined;
}

/** A new client_id: 128 random bits, so that two registrations never collide. */
function newClientId(): string {
  return randomBytes(16).toString('base64url');
}

export async function insertClient(
  auth: PluginHost,
  columns: ClientColumns,
  /** A user's client, an organization's (`referenceId`), or nobody's (dynamic registration, an admin's). */
  owner: { userId: string | null; referenceId?: string | null },
): Promise<IssuedClient> {
  const clientSecret = issuesSecret(columns.tokenEndpointAuthMethod) ? newOpaqueSecret() : undefined;
  const now = auth.now();
  const row = {
    ...columns,
    id: crypto.randomUUID(),
    clientId: newClientId(),
    clientSecret: clientSecret === undefined ? null : digestOf(clientSecret),
    userId: owner.userId,
    referenceId: owner.referenceId ?? null,
    createdAt: now,
    updatedAt: now,
  };
  await oauthProviderSchema.db(auth).insertInto('oauthClient').values(row).execute();
  return { client: toOAuthClient(row), clientSecret };
}

/** Writes the client's metadata columns; null when it went meanwhile. */
export async function updateClientColumns(
  auth: PluginHost,
  clientId: string,
  columns: ClientColumns,
): Promise<OAuthClient | null> {
  const db = oauthProviderSchema.db(auth);
  await db
    .updateTable('oauthClient')
    .set({ ...columns, updatedAt: auth.now() })
    .where('clientId', '=', clientId)
    .execute();
  const row = await db.selectFrom('oauthClient').selectAll().where('clientId', '=', clientId).executeTakeFirst();
  return row ? toOAuthClient(row) : null;
}

/** Replaces the secret: the old digest is overwritten, so the old secret stops working at once. */
export async function replaceClientSecret(auth: PluginHost, clientId: string): Promise<IssuedClient | null> {
  const clientSecret = newOpaqueSecret();
  const db = oauthProviderSchema.db(auth);
  await db
    .updateTable('oauthClient')
    .set({ clientSecret: digestOf(clientSecret), updatedAt: auth.now() })
    .where('clientId', '=', clientId)
    .execute();
  const row = await db.selectFrom('oauthClient').selectAll().where('clientId', '=', clientId).executeTakeFirst();
  return row ? { client: toOAuthClient(row), clientSecret } : null;
}

/** Deletes the client; its consents, codes and tokens go with it (the tables' foreign keys). */
export async function deleteClientRow(auth: PluginHost, clientId: string): Promise<boolean> {
  const result = await oauthProviderSchema
    .db(auth)
    .deleteFrom('oauthClient')
    .where('clientId', '=', clientId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The clients of a user, or of an organization (`referenceId`), oldest first. */
export async function listClientsOf(
  auth: PluginHost,
  owner: { userId: string } | { referenceId: string },
): Promise<OAuthClient[]> {
  const rows = await oauthProviderSchema
    .db(auth)
    .selectFrom('oauthClient')
    .selectAll()
    .where((eb) => ('userId' in owner ? eb('userId', '=', owner.userId) : eb('referenceId', '=', owner.referenceId)))
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  return rows.map(toOAuthClient);
}
