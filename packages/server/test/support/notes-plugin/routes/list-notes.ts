/**
 * @module GET /notes/list: the signed-in user's notes.
 */
import { defineEndpoint } from '../../../../src/plugin';
import { notesSchema } from '../schema';
import { listNotesOf } from '../store';

export const listNotes = defineEndpoint({
  id: 'listNotes',
  method: 'GET',
  path: '/notes/list',
  summary: 'List notes',
  session: 'required',
  async handler(ctx) {
    const notes = await listNotesOf(notesSchema.db(ctx.auth), ctx.session.user.id);
    return notes.map((note) => ({ id: note.id, text: note.text }));
  },
});
