/**
 * @module The device authorization requests of RFC 8628 (schema.ts says what each column holds).
 * Both codes are unique: the index, not a prior SELECT, keeps two requests from sharing one (a
 * colliding user code is drawn again). The client's or the user's removal takes its requests with
 * it; the session id is kept without a foreign key, as on the token tables.
 */
import type { Migration } from '../../../plugin';

export const oauthDeviceCodeMigration: Migration = {
  name: '0701-oauth-device-code',
  async up(db, t) {
    await db.schema
      .createTable('oauthDeviceCode')
      .addColumn('id', t.key, (c) => c.primaryKey())
      .addColumn('deviceCode', t.key, (c) => c.notNull())
      .addColumn('userCode', t.key, (c) => c.notNull())
      .addColumn('clientId', t.key, (c) => c.notNull().references('oauthClient.clientId').onDelete('cascade'))
      .addColumn('scopes', t.text, (c) => c.notNull())
      .addColumn('resources', t.text)
      .addColumn('status', t.key, (c) => c.notNull())
      .addColumn('userId', t.key, (c) => c.references('user.id').onDelete('cascade'))
      .addColumn('sessionId', t.key)
      .addColumn('expiresAt', t.date, (c) => c.notNull())
      .addColumn('lastPolledAt', t.date)
      .addColumn('pollingInterval', 'integer', (c) => c.notNull())
      .addColumn('grantId', t.key, (c) => c.notNull())
      .addColumn('createdAt', t.date, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('oauthDeviceCode_deviceCode_key')
      .on('oauthDeviceCode')
      .column('deviceCode')
      .unique()
      .execute();
    await db.schema
      .createIndex('oauthDeviceCode_userCode_key')
      .on('oauthDeviceCode')
      .column('userCode')
      .unique()
      .execute();
    await db.schema.createIndex('oauthDeviceCode_expiresAt_idx').on('oauthDeviceCode').column('expiresAt').execute();
  },
};
