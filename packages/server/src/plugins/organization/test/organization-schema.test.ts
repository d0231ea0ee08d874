import { expect, it } from 'vitest';
import { adminPlugin, organizationPlugin, usernamePlugin } from '../../..';
import { describeEachDialect } from '../../../../test/support/harness';

describeEachDialect(
  'the organization plugin schema',
  (h) => {
    it('migrates beside the other plugins and gives every session a null active organization and team', async () => {
      const { client } = await h().signUp();
      const session = await client.get('/get-session?disableCookieCache=true');
      expect(session.body.session).toMatchObject({ activeOrganizationId: null, activeTeamId: null });
      const tables = (await h().auth.context.db.introspection.getTables()).map((t) => t.name);
      expect(tables).toEqual(expect.arrayContaining(['organization', 'member', 'invitation', 'team', 'teamMember']));
    });
  },
  { plugins: [usernamePlugin(), adminPlugin(), organizationPlugin({ teams: { enabled: true } })] },
);
