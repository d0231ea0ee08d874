import type * as PgDriver from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { postgresPreparedRead } from './prepared-read';

interface SentQuery {
  name?: string;
  text: string;
  values: unknown[];
  rowMode: string;
}

/** A pg pool that answers `answer(query)` and keeps what it was sent. */
function stubPool(answer: (query: SentQuery) => unknown[][]) {
  const sent: SentQuery[] = [];
  const query = vi.fn(async (config: SentQuery) => {
    sent.push(config);
    return { rows: answer(config) };
  });
  return { pool: { query } as unknown as PgDriver.Pool, sent };
}

const failure = (code: string) => Object.assign(new Error(`failed with ${code}`), { code });

describe('postgresPreparedRead', () => {
  it('runs each text as one named statement, by position, its name the same at every read', async () => {
    const { pool, sent } = stubPool(() => [['a', 1]]);
    const prepare = postgresPreparedRead(pool);
    const first = prepare('select 1 where x = $1');
    const second = prepare('select 2 where x = $1');
    expect(await first(['p'])).toEqual(['a', 1]);
    expect(await first(['q'])).toEqual(['a', 1]);
    await second(['p']);
    expect(sent.map(({ rowMode }) => rowMode)).toEqual(['array', 'array', 'array']);
    expect(sent[0]).toMatchObject({ text: 'select 1 where x = $1', values: ['p'] });
    expect(sent[0]!.name).toMatch(/^latchkey_[0-9a-f]{16}$/);
    expect(sent[1]!.name).toBe(sent[0]!.name);
    expect(sent[2]!.name).not.toBe(sent[0]!.name);
  });

  it('answers undefined without a row', async () => {
    const { pool } = stubPool(() => []);
    expect(await postgresPreparedRead(pool)('select 1')([])).toBeUndefined();
  });

  it.each(['26000', '42P05'])(
    'goes unnamed for good once a pooler loses the prepared statement (%s), and the read still answers',
    async (code) => {
      let fail = true;
      const { pool, sent } = stubPool((query) => {
        if (query.name && fail) {
          fail = false;
          throw failure(code);
        }
        return [['row']];
      });
      const read = postgresPreparedRead(pool)('select 1');
      expect(await read([])).toEqual(['row']);
      expect(await read([])).toEqual(['row']);
      expect(sent.map(({ name }) => name === undefined)).toEqual([false, true, true]);
    },
  );

  it('fails the read on any other error, and stays named', async () => {
    let fail = true;
    const { pool, sent } = stubPool(() => {
      if (fail) {
        fail = false;
        throw failure('57014');
      }
      return [['row']];
    });
    const read = postgresPreparedRead(pool)('select 1');
    await expect(read([])).rejects.toMatchObject({ code: '57014' });
    expect(await read([])).toEqual(['row']);
    expect(sent.every(({ name }) => name !== undefined)).toBe(true);
  });
});
