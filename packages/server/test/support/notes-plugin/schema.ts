/**
 * @module The notes plugin's one table, and a column it adds to every user.
 */
import { definePluginSchema, type DatabaseOf } from '../../../src/plugin';

export interface NoteTable {
  id: string;
  userId: string;
  text: string;
  createdAt: Date;
}

export const notesSchema = definePluginSchema<{ note: NoteTable }>()({ user: { notesCount: 'number' } });

export type NotesDatabase = DatabaseOf<typeof notesSchema>;
