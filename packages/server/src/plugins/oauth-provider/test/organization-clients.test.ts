/**
 * Organization-owned clients on every database: a member whose organization role grants
 * `organization: update` (owner, admin) registers, lists, reads, updates, rotates and deletes the
 * organization's clients; a plain member is refused (403 to create or list, 404 for a client, as
 * an unknown one); another organization's owner cannot reach them; a member removed from the
 * organization loses them at once; a deleted organization's clients go with it; with the option
 * off nobody manages organization clients.
 */
import { expect, it } from 'vitest';
import { expectError } from '../../../../../../test/expect-error';
import { oauthProviderPlugin, organizationPlugin, type AuthEvent } from '../../..';
import { describeEachDialect, type Harness, type TestClient } from '../../../../test/support/harness';
import { insertMember, insertOrganization } from '../../organization/test/rows';
import { OAUTH_PROVIDER_ERRORS } from '../errors';
import { oauthProviderSchema } from '../schema';
import { RP_REDIRECT } from './fixtures';

const WEB_CLIENT = { client_name: 'Team app', redirect_uris: [RP_REDIRECT], scope: 'openid' };
const events: AuthEvent[] = [];
const observer = { event: (event: AuthEvent) => void events.push(event) };

interface Seat {
  client: TestClient;
  userId: string;
  memberId: string;
}

/** An organization with one signed-in user per role. */
async function organizationWith<K extends string>(h: Harness, roles: Record<K, string>) {
  const id = await insertOrganization(h, { name: 'Acme' });
  const seats = {} as Record<K, Seat>;
  for (const [label, role] of Object.entries(roles) as [K, string][]) {
    const { client, user } = await h.signUp();
    seats[label] = { client, userId: user.id, memberId: await insertMember(h, id, user.id, role) };
  }
  return { id, seats };
}

function createFor(client: TestClient, organizationId: string, body: Record<string, unknown> = WEB_CLIENT) {
  return client.post('/oauth2/create-client', { ...body, organization_id: organizationId });
}

function clientIdsOf(response: { body: unknown }): string[] {
  return (response.body as { client_id: string }[]).map((c) => c.client_id);
}

const forbidden = OAUTH_PROVIDER_ERRORS.notAllowedToManageOrganizationClients;
const notFound = OAUTH_PROVIDER_ERRORS.clientNotFound;

describeEachDialect(
  'oauth-provider organization clients',
  (h) => {
    it('are registered by an owner for the organization, secret shown once, and listed for its admins only', async () => {
      const org = await organizationWith(h(), { owner: 'owner', admin: 'admin', member: 'member' });
      const created = await createFor(org.seats.owner.client, org.id);
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ client_name: 'Team app', reference_id: org.id });
      expect(created.body.client_secret).toEqual(expect.any(String));
      expect(created.body).not.toHaveProperty('user_id');
      const row = await oauthProviderSchema
        .db(h().auth.context)
        .selectFrom('oauthClient')
        .selectAll()
        .where('clientId', '=', created.body.client_id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ userId: null, referenceId: org.id });
      expect(events.find((e) => e.type === 'oauth-client-created' && e.organizationId === org.id)).toMatchObject({
        actorUserId: org.seats.owner.userId,
        userId: null,
      });

      // The organization's list, for an admin; not the owner's own list.
      const listed = await org.seats.admin.client.get(`/oauth2/get-clients?organization_id=${org.id}`);
      expect(clientIdsOf(listed)).toEqual([created.body.client_id]);
      expect(
        (await org.seats.admin.client.get(`/oauth2/get-client?client_id=${created.body.client_id}`)).body,
      ).toMatchObject({ client_id: created.body.client_id });
      expect(clientIdsOf(await org.seats.owner.client.get('/oauth2/get-clients'))).toEqual([]);
      // No secret is shown again.
      expect(listed.body[0]).not.toHaveProperty('client_secret');
    });

    it('lets an admin update, rotate and delete the organization’s client', async () => {
      const org = await organizationWith(h(), { owner: 'owner', admin: 'admin' });
      const { client_id } = (await createFor(org.seats.owner.client, org.id)).body;
      const admin = org.seats.admin.client;
      const updated = await admin.post('/oauth2/update-client', { client_id, update: { client_name: 'Renamed' } });
      expect(updated.body).toMatchObject({ client_name: 'Renamed', reference_id: org.id });
      const rotated = await admin.post('/oauth2/client/rotate-secret', { client_id });
      expect(rotated.body.client_secret).toEqual(expect.any(String));
      expect((await admin.post('/oauth2/delete-client', { client_id })).body).toEqual({ status: true });
      await expectError(admin.get(`/oauth2/get-client?client_id=${client_id}`), notFound);
    });

    it('refuses a plain member: 403 to register or list, the clients unknown to every other route', async () => {
      const org = await organizationWith(h(), { owner: 'owner', member: 'member' });
      const { client_id } = (await createFor(org.seats.owner.client, org.id)).body;
      const member = org.seats.member.client;
      await expectError(createFor(member, org.id), forbidden);
      await expectError(member.get(`/oauth2/get-clients?organization_id=${org.id}`), forbidden);
      await expectError(member.get(`/oauth2/get-client?client_id=${client_id}`), notFound);
      await expectError(member.post('/oauth2/update-client', { client_id, update: { client_name: 'X' } }), notFound);
      await expectError(member.post('/oauth2/client/rotate-secret', { client_id }), notFound);
      await expectError(member.post('/oauth2/delete-client', { client_id }), notFound);
      const rows = await oauthProviderSchema
        .db(h().auth.context)
        .selectFrom('oauthClient')
        .select('name')
        .where('referenceId', '=', org.id)
        .execute();
      expect(rows).toEqual([{ name: 'Team app' }]);
    });

    it('keeps another organization’s owner out, and refuses them alike for an organization that does not exist', async () => {
      const acme = await organizationWith(h(), { owner: 'owner' });
      const globex = await organizationWith(h(), { owner: 'owner' });
      const { client_id } = (await createFor(acme.seats.owner.client, acme.id)).body;
      const outsider = globex.seats.owner.client;
      await expectError(outsider.get(`/oauth2/get-client?client_id=${client_id}`), notFound);
      await expectError(outsider.post('/oauth2/update-client', { client_id, update: { client_name: 'X' } }), notFound);
      await expectError(outsider.post('/oauth2/delete-client', { client_id }), notFound);
      await expectError(outsider.get(`/oauth2/get-clients?organization_id=${acme.id}`), forbidden);
      await expectError(createFor(outsider, acme.id), forbidden);
      await expectError(createFor(outsider, 'no-such-organization'), forbidden);
    });

    it('takes the clients from a member the moment they are removed from the organization', async () => {
      const org = await organizationWith(h(), { owner: 'owner', admin: 'admin' });
      const { client_id } = (await createFor(org.seats.admin.client, org.id)).body;
      const removed = await org.seats.owner.client.post('/organization/remove-member', {
        memberIdOrEmail: org.seats.admin.memberId,
        organizationId: org.id,
      });
      expect(removed.status).toBe(200);
      const admin = org.seats.admin.client;
      await expectError(admin.get(`/oauth2/get-client?client_id=${client_id}`), notFound);
      await expectError(admin.post('/oauth2/delete-client', { client_id }), notFound);
      await expectError(admin.get(`/oauth2/get-clients?organization_id=${org.id}`), forbidden);
      // The organization still has it: its owner sees it.
      expect(clientIdsOf(await org.seats.owner.client.get(`/oauth2/get-clients?organization_id=${org.id}`))).toEqual([
        client_id,
      ]);
    });

    it('deletes the clients of an organization that is deleted', async () => {
      const org = await organizationWith(h(), { owner: 'owner' });
      const { client_id } = (await createFor(org.seats.owner.client, org.id)).body;
      const deleted = await org.seats.owner.client.post('/organization/delete', { organizationId: org.id });
      expect(deleted.status).toBe(200);
      await h().auth.context.background.drain();
      const rows = await oauthProviderSchema
        .db(h().auth.context)
        .selectFrom('oauthClient')
        .select('clientId')
        .where('clientId', '=', client_id)
        .execute();
      expect(rows).toEqual([]);
    });
  },
  { plugins: [organizationPlugin(), oauthProviderPlugin()], observers: [observer] },
);

describeEachDialect(
  'oauth-provider organization clients turned off',
  (h) => {
    it('lets not even an owner register one', async () => {
      const org = await organizationWith(h(), { owner: 'owner' });
      await expectError(createFor(org.seats.owner.client, org.id), forbidden);
    });
  },
  { plugins: [organizationPlugin(), oauthProviderPlugin({ organizationClients: false })] },
);
