/**
 * @module POST /notes/add: a note for the signed-in user, within its limit; the user's count goes
 * through the engine's updateCurrentUser, so the session's cookie cache shows it at once.
 */
import { z } from 'zod';
import { AuthError, defineEndpoint, emitEvent } from '../../../../src/plugin';
import { NOTES_ERRORS } from '../errors';
import { NOTES_DEFAULTS, type ResolvedNotesOptions } from '../options';
import { notesSchema } from '../schema';
import { insertNote, listNotesOf } from '../store';

export function addNote(options: ResolvedNotesOptions) {
  return defineEndpoint({
    id: 'addNote',
    method: 'POST',
    path: '/notes/add',
    summary: 'Add a note',
    body: z.object({ text: z.string().min(1).max(NOTES_DEFAULTS.maxNoteLength) }),
    session: 'required',
    async handler(ctx) {
      const db = notesSchema.db(ctx.auth);
      const userId = ctx.session.user.id;
      const count = (await listNotesOf(db, userId)).length;
      if (count >= options.maxNotesPerUser) throw new AuthError(NOTES_ERRORS.tooManyNotes);
      const note = await insertNote(db, userId, ctx.body.text, ctx.auth.now());
      await notesSchema.updateCurrentUser(ctx, { notesCount: count + 1, updatedAt: ctx.auth.now() });
      emitEvent(ctx, 'note-added', { outcome: 'success', userId, detail: { noteId: note.id } });
      return { id: note.id, text: note.text };
    },
  });
}
