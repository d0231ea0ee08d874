/**
 * @module A plugin written as a new bundled plugin would be, in a folder of its own with every role
 * (options, schema and migrations, routes, store, errors, events) and built only on the contract
 * (`src/plugin`): the engine names it nowhere, and `createAuth` serves its table, its routes, its
 * error catalogue and its events (test/new-plugin-folder.test.ts). It lives with the tests so the
 * package ships no plugin of the tests' own.
 */
import { definePlugin } from '../../../src/plugin';
import { NOTES_ERRORS } from './errors';
import { NOTES_EVENTS } from './events';
import { notesMigration } from './migrations/0900-note';
import { resolveNotesOptions, type NotesOptions } from './options';
import { addNote } from './routes/add-note';
import { listNotes } from './routes/list-notes';
import { notesSchema } from './schema';

export { NOTES_DEFAULTS } from './options';
export { NOTES_ERRORS, NOTES_EVENTS };

export function notesPlugin(options: NotesOptions = {}) {
  const resolved = resolveNotesOptions(options);
  return definePlugin({
    id: 'notes',
    errors: NOTES_ERRORS,
    events: NOTES_EVENTS,
    endpoints: [addNote(resolved), listNotes],
    migrations: [notesMigration],
    fields: notesSchema.fields,
  });
}
