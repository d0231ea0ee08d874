import { expect, it } from 'vitest';
import { adminPlugin } from '../../..';
import { describeEachDialect } from '../../../../test/support/harness';
import { profilePlugin } from '../../../../test/support/profile-plugin';

describeEachDialect(
  'the admin plugin schema',
  (h) => {
    it('gives a new user the default role, unbanned, and every session a null impersonatedBy', async () => {
      const { client, user } = await h().signUp();
      expect(user).toMatchObject({ role: 'user', banned: false, banReason: null, banExpires: null });
      const session = await client.get('/get-session?disableCookieCache=true');
      expect(session.body.session.impersonatedBy).toBeNull();
      expect(session.body.user).toMatchObject({ role: 'user', banned: false });
      expect((await client.get('/get-session')).body.session.impersonatedBy).toBeNull();
    });
  },
  { plugins: [profilePlugin, adminPlugin()] },
);
