/**
 * @module The passkey plugin's table, better-auth's `passkey` model with its column names, so a
 * better-auth database reads the same: the credential's id (base64url, unique here: one credential
 * belongs to one account), its COSE public key (base64), the signature counter, the device type
 * and backup state, the transports (comma-separated), the authenticator's AAGUID.
 */
import { definePluginSchema, type DatabaseOf, type Migration } from '../../plugin';

export interface PasskeyTable {
  id: string;
  name: string | null;
  publicKey: string;
  userId: string;
  credentialID: string;
  counter: number;
  deviceType: string;
  backedUp: boolean;
  transports: string | null;
  createdAt: Date | null;
  aaguid: string | null;
}

export interface PasskeyTables {
  passkey: PasskeyTable;
}

/** No columns on user or session: the plugin's one table. */
export const passkeySchema = definePluginSchema<PasskeyTables>()({});

export type PasskeyDatabase = DatabaseOf<typeof passkeySchema>;

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
