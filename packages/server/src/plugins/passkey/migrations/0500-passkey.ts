/**
 * @module The passkey table, better-auth's columns. A credential id is unique: one credential
 * belongs to one account.
 */
import type { Migration } from '../../../plugin';

export const passkeyMigration: Migration = {
  name: '0500-passkey',
  async up(db, t) {
    await db.schema
      .createTable('passkey')
      .addColumn('id', t.key, (c) => c.primaryKey())
      .addColumn('name', t.text)
      .addColumn('publicKey', t.text, (c) => c.notNull())
      .addColumn('userId', t.key, (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('credentialID', t.key, (c) => c.notNull())
      // Signature counters are unsigned 32-bit: beyond a signed integer's range.
      .addColumn('counter', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('deviceType', t.key, (c) => c.notNull())
      .addColumn('backedUp', t.bool, (c) => c.notNull())
      .addColumn('transports', t.text)
      .addColumn('createdAt', t.date)
      .addColumn('aaguid', t.key)
      .execute();
    // The index, not a prior SELECT, keeps a credential on one account under parallel registrations.
    await db.schema.createIndex('passkey_credentialID_key').on('passkey').column('credentialID').unique().execute();
    await db.schema.createIndex('passkey_userId_idx').on('passkey').column('userId').execute();
  },
};
