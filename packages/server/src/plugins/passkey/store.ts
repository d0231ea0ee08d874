/**
 * @module Queries on the passkey table, and a row as better-auth answers it (every column).
 */
import type { Selectable } from 'kysely';
import type { PluginHost } from '../../plugin';
import { passkeySchema, type PasskeyTable } from './schema';

export type Passkey = Selectable<PasskeyTable>;

/** A driver may answer the bigint counter as a string: the wire and simplewebauthn want a number. */
function toPasskey(row: Passkey): Passkey {
  return { ...row, counter: Number(row.counter) };
}

export async function listPasskeysOf(auth: PluginHost, userId: string): Promise<Passkey[]> {
  const rows = await passkeySchema
    .db(auth)
    .selectFrom('passkey')
    .selectAll()
    .where('userId', '=', userId)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  return rows.map(toPasskey);
}

export async function findPasskeyById(auth: PluginHost, id: string): Promise<Passkey | null> {
  const row = await passkeySchema.db(auth).selectFrom('passkey').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toPasskey(row) : null;
}

export async function findPasskeyByCredentialId(auth: PluginHost, credentialID: string): Promise<Passkey | null> {
  const row = await passkeySchema
    .db(auth)
    .selectFrom('passkey')
    .selectAll()
    .where('credentialID', '=', credentialID)
    .executeTakeFirst();
  // MySQL's default collation compares case-insensitively; base64url ids differ by case.
  return row && row.credentialID === credentialID ? toPasskey(row) : null;
}

export async function insertPasskey(auth: PluginHost, passkey: Passkey): Promise<void> {
  await passkeySchema.db(auth).insertInto('passkey').values(passkey).execute();
}

/** Only the owner's: the user id is part of the condition, not only checked before. */
export async function renamePasskey(auth: PluginHost, id: string, userId: string, name: string): Promise<void> {
  await passkeySchema
    .db(auth)
    .updateTable('passkey')
    .set({ name })
    .where('id', '=', id)
    .where('userId', '=', userId)
    .execute();
}

/** True when this call deleted the owner's passkey. */
export async function deletePasskeyOf(auth: PluginHost, id: string, userId: string): Promise<boolean> {
  const result = await passkeySchema
    .db(auth)
    .deleteFrom('passkey')
    .where('id', '=', id)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return result.numDeletedRows === 1n;
}

export async function setPasskeyCounter(auth: PluginHost, id: string, counter: number): Promise<void> {
  await passkeySchema.db(auth).updateTable('passkey').set({ counter }).where('id', '=', id).execute();
}
