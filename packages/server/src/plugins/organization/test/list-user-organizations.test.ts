/**
 * GET /organization/list-user-organizations: a platform admin's view of another user's
 * organizations, with that user's role in each. Who may call it is the host's decision; here, as
 * in the standalone server, whoever the admin plugin's roles let view a user.
 */
import { expect, it } from 'vitest';
import { expectError } from '../../../../../../test/expect-error';
import { adminPlugin, organizationPlugin, platformPermission } from '../../..';
import { ORGANIZATION_ERRORS } from '..';
import { describeEachDialect, uniqueEmail, type Harness } from '../../../../test/support/harness';
import { signInWithRole } from '../../admin/test/support/admin-fixtures';
import { insertMember } from './rows';

const ADMIN_EMAIL = 'platform-admin@example.com';
const allows = platformPermission({ adminEmails: [ADMIN_EMAIL] });

async function userInTwoOrganizations(h: Harness) {
  const user = await h.signUp(uniqueEmail('member'), undefined, 'Mia Member');
  const other = await h.signUp(uniqueEmail('other'), undefined, 'Otto Other');
  const own = await user.client.post('/organization/create', { name: 'Acme', slug: uniqueEmail('acme').split('@')[0] });
  const theirs = await other.client.post('/organization/create', {
    name: 'Globex',
    slug: uniqueEmail('globex').split('@')[0],
  });
  expect([own.status, theirs.status]).toEqual([200, 200]);
  await insertMember(h, theirs.body.id, user.user.id, 'member');
  return { user, other, own: own.body, theirs: theirs.body };
}

describeEachDialect(
  'listing another user’s organizations',
  (h) => {
    it("answers a platform admin the user's organizations, each with the user's role in it", async () => {
      const { user, own, theirs } = await userInTwoOrganizations(h());
      // The admin role written directly: how a listed address earns it is test/admin's subject.
      const admin = await signInWithRole(h(), 'admin', ADMIN_EMAIL);
      const response = await admin.client.get(`/organization/list-user-organizations?userId=${user.user.id}`);
      expect(response.status).toBe(200);
      // Sorted here: both are created within one second, which MySQL's timestamps cannot order.
      const byName = [...(response.body as Array<{ name: string }>)].sort((a, b) => a.name.localeCompare(b.name));
      expect(byName).toEqual([
        expect.objectContaining({ id: own.id, name: 'Acme', slug: own.slug, role: 'owner' }),
        expect.objectContaining({ id: theirs.id, name: 'Globex', slug: theirs.slug, role: 'member' }),
      ]);
      // A user in none is an empty list, not an error.
      const none = await h().signUp(uniqueEmail('none'));
      expect((await admin.client.get(`/organization/list-user-organizations?userId=${none.user.id}`)).body).toEqual([]);
    });

    it('refuses a user whose platform roles do not let them view users, even for a fellow member', async () => {
      const { user, other } = await userInTwoOrganizations(h());
      await expectError(
        other.client.get(`/organization/list-user-organizations?userId=${user.user.id}`),
        ORGANIZATION_ERRORS.notAllowedToListUserOrganizations,
      );
    });

    it('answers 400 VALIDATION_ERROR without a userId', async () => {
      const admin = await h().signUp(uniqueEmail('admin-without-id'));
      const response = await admin.client.get('/organization/list-user-organizations');
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('VALIDATION_ERROR');
    });
  },
  {
    plugins: [
      adminPlugin({ adminEmails: [ADMIN_EMAIL] }),
      organizationPlugin({ mayListUserOrganizations: (caller) => allows(caller, { user: ['get'] }) }),
    ],
  },
);

describeEachDialect(
  'listing another user’s organizations, with the plugin alone',
  (h) => {
    it('refuses everyone: the plugin knows no platform roles unless the host says who may', async () => {
      const { user } = await userInTwoOrganizations(h());
      await expectError(
        user.client.get(`/organization/list-user-organizations?userId=${user.user.id}`),
        ORGANIZATION_ERRORS.notAllowedToListUserOrganizations,
      );
    });
  },
  { plugins: [organizationPlugin()] },
);
