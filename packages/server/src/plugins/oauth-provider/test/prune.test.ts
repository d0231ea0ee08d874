/**
 * The prune job and the plugin's rows: an access token goes once expired; a code and a refresh token
 * stay a day past their expiry, so a late replay is still recognised and still revokes its grant,
 * and then go.
 */
import { expect, it } from 'vitest';
import { describeEachDialect, type Harness } from '../../../../test/support/harness';
import { pruneJobForTests } from '../../../testing';
import { OAUTH_PROVIDER_DEFAULTS } from '../options';
import { oauthProviderSchema } from '../schema';
import { insertClient, withOAuthProvider } from './fixtures';
import { exchangeCode, insertCode, signedInUser } from './token-fixtures';

async function rowsOf(h: Harness, grantId: string) {
  const db = oauthProviderSchema.db(h.auth.context);
  const count = async (table: 'oauthAuthorizationCode' | 'oauthAccessToken' | 'oauthRefreshToken') =>
    (await db.selectFrom(table).select('id').where('grantId', '=', grantId).execute()).length;
  return {
    codes: await count('oauthAuthorizationCode'),
    access: await count('oauthAccessToken'),
    refresh: await count('oauthRefreshToken'),
  };
}

describeEachDialect(
  'oauth-provider rows and the prune job',
  (h) => {
    it('keeps a used code a day past its expiry so a late replay still revokes its grant, then prunes it', async () => {
      const client = await insertClient(h());
      const code = await insertCode(h(), client, await signedInUser(h()));
      expect((await exchangeCode(h(), client, code.code)).status).toBe(200);

      const { codeExpiresIn, accessTokenExpiresIn } = OAUTH_PROVIDER_DEFAULTS;
      h().clock.advance(Math.max(codeExpiresIn, accessTokenExpiresIn) + 23 * 60 * 60);
      await pruneJobForTests(h().auth).runPass();
      // The access token has expired and gone; the code and the refresh token are still known.
      expect(await rowsOf(h(), code.grantId)).toEqual({ codes: 1, access: 0, refresh: 1 });
      const replay = await exchangeCode(h(), client, code.code);
      expect(replay.body).toMatchObject({ error: 'invalid_grant' });
      const refreshRow = await oauthProviderSchema
        .db(h().auth.context)
        .selectFrom('oauthRefreshToken')
        .select('revoked')
        .where('grantId', '=', code.grantId)
        .executeTakeFirstOrThrow();
      expect(refreshRow.revoked).not.toBeNull();

      h().clock.advance(2 * 60 * 60);
      await pruneJobForTests(h().auth).runPass();
      expect((await rowsOf(h(), code.grantId)).codes).toBe(0);
    });
  },
  withOAuthProvider(),
);
