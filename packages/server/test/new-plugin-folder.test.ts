/**
 * A new plugin is its folder (#30): the notes plugin of support/notes-plugin/, laid out as a bundled
 * plugin is and built only on the contract, is enabled by `createAuth` alone — its migration makes
 * its table and column, its routes answer, its error joins the catalogue, its event reaches the
 * observers typed — and the engine outside `src/plugins/` names no plugin.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, expectTypeOf, it } from 'vitest';
import type { AuthEvent, AuthEventTypeOf } from '../src';
import { describeEachDialect } from './support/harness';
import { NOTES_ERRORS, notesPlugin } from './support/notes-plugin';
import { notesSchema } from './support/notes-plugin/schema';

const events: AuthEvent[] = [];
const plugin = notesPlugin({ maxNotesPerUser: 2 });

describeEachDialect(
  'a plugin in a folder of its own, on the contract alone',
  (h) => {
    it('serves its routes on its own table, and its column on the user comes back from the cookie cache', async () => {
      const { client, user } = await h().signUp();
      const added = await client.post('/notes/add', { text: 'first' });
      expect(added.status).toBe(200);
      expect(added.body).toEqual({ id: expect.any(String), text: 'first' });
      expect((await client.get('/notes/list')).body).toEqual([{ id: added.body.id, text: 'first' }]);
      const rows = await notesSchema
        .db(h().auth.context)
        .selectFrom('note')
        .selectAll()
        .where('userId', '=', user.id)
        .execute();
      expect(rows).toEqual([
        expect.objectContaining({ id: added.body.id, text: 'first', createdAt: expect.any(Date) }),
      ]);
      expect((await client.get('/get-session')).body.user.notesCount).toBe(1);
    });

    it('answers its own error from the catalogue past its limit, and stores nothing', async () => {
      const { client, user } = await h().signUp();
      await client.post('/notes/add', { text: 'one' });
      await client.post('/notes/add', { text: 'two' });
      const refused = await client.post('/notes/add', { text: 'three' });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: 'YOU_HAVE_TOO_MANY_NOTES', message: 'You have too many notes' });
      expect(h().auth.errorCodes).toContain(NOTES_ERRORS.tooManyNotes.code);
      const count = await notesSchema
        .db(h().auth.context)
        .selectFrom('note')
        .select('id')
        .where('userId', '=', user.id)
        .execute();
      expect(count).toHaveLength(2);
    });

    it('tells the observers its declared event, typed as one of the auth’s', async () => {
      const { client, user } = await h().signUp();
      await client.post('/notes/add', { text: 'seen' });
      expect(events.filter((event) => event.type === 'note-added' && event.userId === user.id)).toEqual([
        expect.objectContaining({ outcome: 'success', detail: { noteId: expect.any(String) } }),
      ]);
      expectTypeOf<'note-added'>().toExtend<AuthEventTypeOf<[typeof plugin]>>();
    });
  },
  { plugins: [plugin], observers: [{ event: (event) => void events.push(event) }] },
);

it('the engine outside src/plugins imports no plugin: only the package entry re-exports them', () => {
  const src = fileURLToPath(new URL('../src', import.meta.url));
  const importers = readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !file.startsWith('plugins/'))
    .filter((file) => /from '(\.\.?\/)+plugins\//.test(readFileSync(join(src, file), 'utf8')));
  expect(importers).toEqual(['index.ts']);
});
