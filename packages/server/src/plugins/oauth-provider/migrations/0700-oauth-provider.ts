/**
 * @module The oauth-provider tables (schema.ts says what each holds). Every digest column is
 * unique: the index, not a prior SELECT, keeps one row per code or token. A user's removal takes
 * their clients, consents, codes and tokens with it; a client's removal takes its consents, codes
 * and tokens. Session ids are kept without a foreign key: a token outlives its session when it was
 * granted `offline_access`, and the id still tells which session issued it.
 */
import type { Migration } from '../../../plugin';

export const oauthProviderMigration: Migration = {
  name: '0700-oauth-provider',
  async up(db, t) {
    await db.schema
      .createTable('oauthClient')
      .addColumn('id', t.key, (c) => c.primaryKey())
      .addColumn('clientId', t.key, (c) => c.notNull())
      .addColumn('clientSecret', t.key)
      .addColumn('clientSecretExpiresAt', t.date)
      .addColumn('disabled', t.bool, (c) => c.notNull().defaultTo(false))
      .addColumn('skipConsent', t.bool, (c) => c.notNull().defaultTo(false))
      .addColumn('enableEndSession', t.bool, (c) => c.notNull().defaultTo(false))
      .addColumn('scopes', t.text)
      .addColumn('clientCredentialsScopes', t.text)
      .addColumn('userId', t.key, (c) => c.references('user.id').onDelete('cascade'))
      .addColumn('referenceId', t.key)
      .addColumn('name', t.text)
      .addColumn('uri', t.text)
      .addColumn('icon', t.text)
      .addColumn('contacts', t.text)
      .addColumn('tos', t.text)
      .addColumn('policy', t.text)
      .addColumn('softwareId', t.text)
      .addColumn('softwareVersion', t.text)
      .addColumn('softwareStatement', t.text)
      .addColumn('redirectUris', t.text, (c) => c.notNull())
      .addColumn('postLogoutRedirectUris', t.text)
      .addColumn('backchannelLogoutUri', t.text)
      .addColumn('backchannelLogoutSessionRequired', t.bool)
      .addColumn('tokenEndpointAuthMethod', t.key, (c) => c.notNull())
      .addColumn('grantTypes', t.text, (c) => c.notNull())
      .addColumn('responseTypes', t.text, (c) => c.notNull())
      .addColumn('applicationType', t.key)
      .addColumn('requirePKCE', t.bool, (c) => c.notNull().defaultTo(true))
      .addColumn('jwks', t.text)
      .addColumn('jwksUri', t.text)
      .addColumn('metadata', t.text)
      .addColumn('createdAt', t.date, (c) => c.notNull())
      .addColumn('updatedAt', t.date, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('oauthClient_clientId_key').on('oauthClient').column('clientId').unique().execute();
    await db.schema.createIndex('oauthClient_userId_idx').on('oauthClient').column('userId').execute();
    await db.schema.createIndex('oauthClient_referenceId_idx').on('oauthClient').column('referenceId').execute();

    await db.schema
      .createTable('oauthConsent')
      .addColumn('id', t.key, (c) => c.primaryKey())
      .addColumn('clientId', t.key, (c) => c.notNull().references('oauthClient.clientId').onDelete('cascade'))
      .addColumn('userId', t.key, (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('referenceId', t.key)
      .addColumn('scopes', t.text, (c) => c.notNull())
      .addColumn('createdAt', t.date, (c) => c.notNull())
      .addColumn('updatedAt', t.date, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('oauthConsent_userId_idx').on('oauthConsent').column('userId').execute();
    await db.schema.createIndex('oauthConsent_clientId_idx').on('oauthConsent').column('clientId').execute();

    await db.schema
      .createTable('oauthAuthorizationCode')
      .addColumn('id', t.key, (c) => c.primaryKey())
      .addColumn('code', t.key, (c) => c.notNull())
      .addColumn('clientId', t.key, (c) => c.notNull().references('oauthClient.clientId').onDelete('cascade'))
      .addColumn('userId', t.key, (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('sessionId', t.key)
      .addColumn('redirectUri', t.text, (c) => c.notNull())
      .addColumn('scopes', t.text, (c) => c.notNull())
      .addColumn('codeChallenge', t.key)
      .addColumn('nonce', t.text)
      .addColumn('resources', t.text)
      .addColumn('referenceId', t.key)
      .addColumn('authTime', t.date, (c) => c.notNull())
      .addColumn('grantId', t.key, (c) => c.notNull())
      .addColumn('usedAt', t.date)
      .addColumn('createdAt', t.date, (c) => c.notNull())
      .addColumn('expiresAt', t.date, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('oauthAuthorizationCode_code_key')
      .on('oauthAuthorizationCode')
      .column('code')
      .unique()
      .execute();
    await db.schema
      .createIndex('oauthAuthorizationCode_expiresAt_idx')
      .on('oauthAuthorizationCode')
      .column('expiresAt')
      .execute();

    for (const table of ['oauthRefreshToken', 'oauthAccessToken'] as const) {
      let create = db.schema
        .createTable(table)
        .addColumn('id', t.key, (c) => c.primaryKey())
        .addColumn('token', t.key, (c) => c.notNull())
        .addColumn('clientId', t.key, (c) => c.notNull().references('oauthClient.clientId').onDelete('cascade'))
        .addColumn('sessionId', t.key);
      if (table === 'oauthAccessToken') create = create.addColumn('refreshId', t.key);
      create = create
        .addColumn('userId', t.key, (c) =>
          table === 'oauthRefreshToken'
            ? c.notNull().references('user.id').onDelete('cascade')
            : c.references('user.id').onDelete('cascade'),
        )
        .addColumn('referenceId', t.key)
        .addColumn('scopes', t.text, (c) => c.notNull())
        .addColumn('resources', t.text)
        .addColumn('grantId', t.key, (c) => c.notNull())
        .addColumn('revoked', t.date);
      if (table === 'oauthRefreshToken') {
        create = create.addColumn('rotatedAt', t.date).addColumn('authTime', t.date);
      }
      await create
        .addColumn('createdAt', t.date, (c) => c.notNull())
        .addColumn('expiresAt', t.date, (c) => c.notNull())
        .execute();
      await db.schema.createIndex(`${table}_token_key`).on(table).column('token').unique().execute();
      await db.schema.createIndex(`${table}_grantId_idx`).on(table).column('grantId').execute();
      await db.schema.createIndex(`${table}_userId_idx`).on(table).column('userId').execute();
      await db.schema.createIndex(`${table}_sessionId_idx`).on(table).column('sessionId').execute();
      await db.schema.createIndex(`${table}_expiresAt_idx`).on(table).column('expiresAt').execute();
    }

    await db.schema
      .createTable('jwks')
      .addColumn('id', t.key, (c) => c.primaryKey())
      .addColumn('publicKey', t.text, (c) => c.notNull())
      .addColumn('privateKey', t.text, (c) => c.notNull())
      .addColumn('alg', t.key, (c) => c.notNull())
      .addColumn('createdAt', t.date, (c) => c.notNull())
      .addColumn('expiresAt', t.date)
      .execute();
  },
};
