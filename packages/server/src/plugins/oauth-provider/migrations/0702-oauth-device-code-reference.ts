/**
 * @module The organization a device request's grant acts for (`referenceId`, as on codes, consents
 * and tokens): set when the user approves with the `organization` scope, so device tokens carry the
 * same `org_*` claims as the authorization code flow's. Null on requests made before it existed.
 */
import type { Migration } from '../../../plugin';

export const oauthDeviceCodeReferenceMigration: Migration = {
  name: '0702-oauth-device-code-reference',
  async up(db, t) {
    await db.schema.alterTable('oauthDeviceCode').addColumn('referenceId', t.key).execute();
  },
};
