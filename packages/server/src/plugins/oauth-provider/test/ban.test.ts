/**
 * A banned user and the token endpoint, with the admin plugin on: a ban ends the user's sessions,
 * and a code is redeemable only while the session it was issued in lives, so the user's pending
 * codes die with the ban (the plugin reads no other plugin's columns).
 */
import { expect, it } from 'vitest';
import { adminPlugin, oauthProviderPlugin } from '../../..';
import { describeEachDialect } from '../../../../test/support/harness';
import { signUpWithRole } from '../../admin/test/support/admin-fixtures';
import { insertClient } from './fixtures';
import { exchangeCode, insertCode, signedInUser } from './token-fixtures';

describeEachDialect(
  'oauth-provider token endpoint with a banned user',
  (h) => {
    it("refuses a banned user's pending code", async () => {
      const admin = await signUpWithRole(h());
      const client = await insertClient(h());
      const user = await signedInUser(h());
      const { code } = await insertCode(h(), client, user);
      const banned = await admin.client.post('/admin/ban-user', { userId: user.userId });
      expect(banned.status).toBe(200);
      const response = await exchangeCode(h(), client, code);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ error: 'invalid_grant', error_description: 'session no longer exists' });
    });
  },
  { plugins: [adminPlugin(), oauthProviderPlugin()] },
);
