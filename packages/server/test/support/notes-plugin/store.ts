/**
 * @module The notes plugin's queries, through its schema's database.
 */
import type { Kysely } from 'kysely';
import { randomString } from '../../../src/plugin';
import type { NotesDatabase } from './schema';

export async function insertNote(db: Kysely<NotesDatabase>, userId: string, text: string, now: Date) {
  const note = { id: randomString(16), userId, text, createdAt: now };
  await db.insertInto('note').values(note).execute();
  return note;
}

export async function listNotesOf(db: Kysely<NotesDatabase>, userId: string) {
  return db
    .selectFrom('note')
    .select(['id', 'text', 'createdAt'])
    .where('userId', '=', userId)
    .orderBy('createdAt')
    .execute();
}
