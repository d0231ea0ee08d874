/**
 * The plugin's tables on every database: created by its migration, and a client row written and
 * read back with its dates and booleans as the engine reads them.
 */
import { expect, it } from 'vitest';
import { oauthProviderPlugin } from '../../..';
import { describeEachDialect } from '../../../../test/support/harness';
import { oauthProviderSchema } from '../schema';

describeEachDialect(
  'oauth-provider tables',
  (h) => {
    it('stores a client row and reads it back typed', async () => {
      const db = oauthProviderSchema.db(h().auth.context);
      const now = h().clock.now();
      await db
        .insertInto('oauthClient')
        .values({
          id: 'c1',
          clientId: 'client-1',
          clientSecret: null,
          clientSecretExpiresAt: null,
          disabled: false,
          skipConsent: true,
          enableEndSession: false,
          scopes: null,
          clientCredentialsScopes: null,
          userId: null,
          referenceId: null,
          name: 'App',
          uri: null,
          icon: null,
          contacts: null,
          tos: null,
          policy: null,
          softwareId: null,
          softwareVersion: null,
          softwareStatement: null,
          redirectUris: JSON.stringify(['https://app.example.com/cb']),
          postLogoutRedirectUris: null,
          backchannelLogoutUri: null,
          backchannelLogoutSessionRequired: null,
          tokenEndpointAuthMethod: 'none',
          grantTypes: JSON.stringify(['authorization_code']),
          responseTypes: JSON.stringify(['code']),
          applicationType: 'web',
          requirePKCE: true,
          jwks: null,
          jwksUri: null,
          metadata: null,
          createdAt: now,
          updatedAt: now,
        })
        .execute();
      const row = await db.selectFrom('oauthClient').selectAll().where('clientId', '=', 'client-1').executeTakeFirst();
      expect(row).toMatchObject({ skipConsent: true, disabled: false, requirePKCE: true, createdAt: now });
    });
  },
  { plugins: [oauthProviderPlugin()] },
);
