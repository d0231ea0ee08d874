import { describe, expect, it } from 'vitest';
import { readColumnKinds } from './column-kinds';
import type { Migration } from './migrate';
import { coreMigration } from './migrations/0001-core';
import { accountIdentityUniqueMigration } from './migrations/0002-account-identity-unique';

const CORE = [coreMigration, accountIdentityUniqueMigration];

describe('readColumnKinds', () => {
  it('reads the dates and booleans the core migrations create, and nothing else', async () => {
    const kinds = await readColumnKinds(CORE);
    expect(Object.fromEntries(kinds)).toEqual({
      emailVerified: 'boolean',
      createdAt: 'date',
      updatedAt: 'date',
      expiresAt: 'date',
      accessTokenExpiresAt: 'date',
      refreshTokenExpiresAt: 'date',
    });
  });

  it("follows a plugin's tables and columns through creation, renames and drops, whatever order they are listed in", async () => {
    const plugin: Migration = {
      name: '0900-plugin',
      async up(db, t) {
        await db.schema
          .createTable('ticket')
          .addColumn('id', t.key)
          .addColumn('usedAt', t.date)
          .addColumn('draft', t.bool)
          .execute();
        await db.schema.alterTable('user').addColumn('locked', t.bool).execute();
        await db.schema.alterTable('ticket').renameColumn('usedAt', 'spentAt').execute();
        await db.schema.alterTable('ticket').dropColumn('draft').execute();
      },
    };
    const kinds = await readColumnKinds([plugin, ...CORE]);
    expect(kinds.get('spentAt')).toBe('date');
    expect(kinds.get('locked')).toBe('boolean');
    expect(kinds.has('usedAt')).toBe(false);
    expect(kinds.has('draft')).toBe(false);
  });

  it('refuses a column name that is a date in one table and text in another', async () => {
    const plugin: Migration = {
      name: '0900-plugin',
      async up(db, t) {
        await db.schema.createTable('ticket').addColumn('id', t.key).addColumn('expiresAt', t.text).execute();
      },
    };
    await expect(readColumnKinds([...CORE, plugin])).rejects.toThrow(
      'column "expiresAt" is a date in table "session" but neither a date nor a boolean in "ticket"',
    );
  });
});
