/**
 * The admin console's client routes (/admin/oauth2/…) on every database: who may call them (the
 * admin plugin's `oauthClient` permission, custom roles included), the list across owners with
 * search and paging, rotation and deletion of any client, and revocation of a client's consents
 * and grants taking effect at once (introspection answers `active: false`).
 */
import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { expectError } from '../../../../../../test/expect-error';
import { adminPlugin, oauthProviderPlugin, type AuthEvent } from '../../..';
import { describeEachDialect, type Harness } from '../../../../test/support/harness';
import { grantConsent } from '../consents/store';
import { OAUTH_PROVIDER_ERRORS } from '../errors';
import { digestOf } from '../opaque-secret';
import { oauthProviderSchema } from '../schema';
import { insertClient, type ClientFixture } from './fixtures';
import { basic, exchangeCode, formPost, insertCode, introspect, signedInUser } from './token-fixtures';

const events: AuthEvent[] = [];
const observer = { event: (event: AuthEvent) => void events.push(event) };

const ALL_CLIENT_ACTIONS = ['create', 'update', 'delete', 'read'];
const ROLES = {
  admin: { oauthClient: ALL_CLIENT_ACTIONS },
  user: {},
  // A custom role that may look at applications but change nothing.
  appsReader: { oauthClient: ['read'] },
  // A custom role with other permissions but none on applications.
  support: { user: ['list'] },
};

async function signUpWithRole(h: Harness, role: string) {
  const signedUp = await h.signUp();
  // The admin plugin's column, which the engine's typed tables do not name.
  await sql`update ${sql.table('user')} set ${sql.ref('role')} = ${role} where ${sql.ref('id')} = ${signedUp.user.id}`.execute(
    h.auth.context.db,
  );
  return signedUp;
}

/** A user's grant to the client, redeemed as the relying party would: access and refresh token. */
async function issuedTokens(h: Harness, client: ClientFixture) {
  const user = await signedInUser(h);
  const code = await insertCode(h, client, user);
  const exchanged = await exchangeCode(h, client, code.code);
  expect(exchanged.status).toBe(200);
  await grantConsent(h.auth.context, { clientId: client.clientId, userId: user.userId, referenceId: null }, [
    'openid',
    'profile',
  ]);
  return {
    ...user,
    grantId: code.grantId,
    accessToken: exchanged.body.access_token as string,
    refreshToken: exchanged.body.refresh_token as string,
  };
}

async function isActive(h: Harness, client: ClientFixture, token: string): Promise<boolean> {
  const answer = await introspect(h, client, token);
  expect(answer.status).toBe(200);
  return answer.body.active as boolean;
}

describeEachDialect(
  'oauth client administration (admin console)',
  (h) => {
    beforeEach(() => {
      events.length = 0;
    });

    it('refuses every admin route without the oauthClient permission, and the changing ones to a reader', async () => {
      const client = await insertClient(h());
      const reads = [
        '/admin/oauth2/list-clients',
        `/admin/oauth2/get-client?client_id=${client.clientId}`,
        `/admin/oauth2/list-client-consents?client_id=${client.clientId}`,
        `/admin/oauth2/list-client-tokens?client_id=${client.clientId}`,
      ];
      const writes: [string, Record<string, unknown>][] = [
        ['/admin/oauth2/rotate-client-secret', { client_id: client.clientId }],
        ['/admin/oauth2/delete-client', { client_id: client.clientId }],
        ['/admin/oauth2/revoke-client-consent', { client_id: client.clientId, id: 'x' }],
        ['/admin/oauth2/revoke-client-tokens', { client_id: client.clientId }],
      ];
      for (const role of ['user', 'support']) {
        const { client: browser } = await signUpWithRole(h(), role);
        for (const path of reads) {
          await expectError(browser.get(path), OAUTH_PROVIDER_ERRORS.notAllowedToAdministerClients);
        }
        for (const [path, body] of writes) {
          await expectError(browser.post(path, body), OAUTH_PROVIDER_ERRORS.notAllowedToAdministerClients);
        }
      }
      const { client: reader } = await signUpWithRole(h(), 'appsReader');
      for (const path of reads) expect((await reader.get(path)).status).toBe(200);
      for (const [path, body] of writes) {
        await expectError(reader.post(path, body), OAUTH_PROVIDER_ERRORS.notAllowedToAdministerClients);
      }
      const row = await oauthProviderSchema
        .db(h().auth.context)
        .selectFrom('oauthClient')
        .select('clientSecret')
        .where('clientId', '=', client.clientId)
        .executeTakeFirst();
      expect(row?.clientSecret).toBe(digestOf(client.clientSecret ?? ''));
    });

    it('clears post-logout URIs, scopes, logo and homepage given as null, keeps what is left out, and refuses an empty list', async () => {
      const { client: admin } = await signUpWithRole(h(), 'admin');
      const created = await admin.post('/admin/oauth2/create-client', {
        client_name: 'Clearable',
        redirect_uris: ['https://clear.example.com/cb'],
        post_logout_redirect_uris: ['https://clear.example.com/bye'],
        scope: 'openid profile',
        logo_uri: 'https://clear.example.com/logo.png',
        client_uri: 'https://clear.example.com',
      });
      expect(created.status).toBe(201);
      const clientId = created.body.client_id as string;

      const refused = await admin.post('/admin/oauth2/update-client', {
        client_id: clientId,
        update: { post_logout_redirect_uris: [] },
      });
      expect(refused.status).toBe(400);

      const cleared = await admin.post('/admin/oauth2/update-client', {
        client_id: clientId,
        update: { post_logout_redirect_uris: null, scope: null, logo_uri: null, client_uri: null },
      });
      expect(cleared.status).toBe(200);
      for (const field of ['post_logout_redirect_uris', 'scope', 'logo_uri', 'client_uri']) {
        expect(cleared.body[field] ?? null).toBeNull();
      }
      expect(cleared.body).toMatchObject({ client_name: 'Clearable', redirect_uris: ['https://clear.example.com/cb'] });
      const row = await oauthProviderSchema
        .db(h().auth.context)
        .selectFrom('oauthClient')
        .select(['postLogoutRedirectUris', 'scopes', 'icon', 'uri', 'name'])
        .where('clientId', '=', clientId)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ postLogoutRedirectUris: null, scopes: null, icon: null, uri: null, name: 'Clearable' });
      const updated = events.filter((event) => event.type === 'oauth-client-updated').at(-1);
      expect(updated?.detail).toMatchObject({ fields: 'client_uri logo_uri post_logout_redirect_uris scope' });

      // Fields a client's flows stand on cannot be cleared.
      const notClearable = await admin.post('/admin/oauth2/update-client', {
        client_id: clientId,
        update: { redirect_uris: null },
      });
      expect(notClearable.status).toBe(400);
    });

    it("lets an owner clear their own client's optional fields with null too", async () => {
      const owner = await h().signUp();
      const created = await owner.client.post('/oauth2/create-client', {
        client_name: 'Owned',
        redirect_uris: ['https://owned.example.com/cb'],
        logo_uri: 'https://owned.example.com/logo.png',
      });
      const cleared = await owner.client.post('/oauth2/update-client', {
        client_id: created.body.client_id,
        update: { logo_uri: null },
      });
      expect(cleared.status).toBe(200);
      expect(cleared.body.logo_uri ?? null).toBeNull();
      expect(cleared.body.client_name).toBe('Owned');
    });

    it("lists every owner's clients with their owner, newest first, searched by name or client_id and paged", async () => {
      const { client: admin } = await signUpWithRole(h(), 'admin');
      const owner = await h().signUp(undefined, undefined, 'Grace Hopper');
      const tag = crypto.randomUUID().slice(0, 8);
      const first = await owner.client.post('/oauth2/create-client', {
        client_name: `Ledger ${tag}`,
        redirect_uris: ['https://ledger.example.com/cb'],
      });
      h().clock.advance(1000);
      const second = await admin.post('/admin/oauth2/create-client', {
        client_name: `Backoffice ${tag} 100%`,
        redirect_uris: ['https://backoffice.example.com/cb'],
      });
      expect([first.status, second.status]).toEqual([201, 201]);

      const byName = await admin.get(`/admin/oauth2/list-clients?search=${encodeURIComponent(`ledger ${tag}`)}`);
      expect(byName.status).toBe(200);
      expect(byName.body).toMatchObject({ total: 1, limit: 50, offset: 0 });
      expect(byName.body.clients[0]).toMatchObject({
        client_id: first.body.client_id,
        client_name: `Ledger ${tag}`,
        owner: { id: owner.user.id, name: 'Grace Hopper', email: owner.user.email },
      });
      expect(byName.body.clients[0]).not.toHaveProperty('client_secret');

      const byId = await admin.get(`/admin/oauth2/list-clients?search=${first.body.client_id.slice(2, 12)}`);
      expect(byId.body.clients.map((c: { client_id: string }) => c.client_id)).toContain(first.body.client_id);

      // LIKE's wildcards are searched as themselves.
      const percent = await admin.get(`/admin/oauth2/list-clients?search=${encodeURIComponent(`${tag} 100%`)}`);
      expect(percent.body.clients.map((c: { client_id: string }) => c.client_id)).toEqual([second.body.client_id]);
      const underscore = await admin.get(`/admin/oauth2/list-clients?search=${encodeURIComponent(`${tag}_`)}`);
      expect(underscore.body.total).toBe(0);

      const both = await admin.get(`/admin/oauth2/list-clients?search=${tag}`);
      expect(both.body.clients.map((c: { client_id: string }) => c.client_id)).toEqual([
        second.body.client_id,
        first.body.client_id,
      ]);
      const paged = await admin.get(`/admin/oauth2/list-clients?search=${tag}&limit=1&offset=1`);
      expect(paged.body).toMatchObject({ total: 2, limit: 1, offset: 1 });
      expect(paged.body.clients.map((c: { client_id: string }) => c.client_id)).toEqual([first.body.client_id]);

      const one = await admin.get(`/admin/oauth2/get-client?client_id=${first.body.client_id}`);
      expect(one.body).toMatchObject({ client_id: first.body.client_id, owner: { id: owner.user.id } });
      await expectError(
        admin.get('/admin/oauth2/get-client?client_id=no-such-client'),
        OAUTH_PROVIDER_ERRORS.clientNotFound,
      );
    });

    it("rotates any client's secret: shown once, the old one refused at once", async () => {
      const { client: admin, user: adminUser } = await signUpWithRole(h(), 'admin');
      const client = await insertClient(h());
      const rotated = await admin.post('/admin/oauth2/rotate-client-secret', { client_id: client.clientId });
      expect(rotated.status).toBe(200);
      expect(rotated.headers.get('cache-control')).toContain('no-store');
      const secret = rotated.body.client_secret as string;
      expect(secret).toBeTruthy();
      const read = await admin.get(`/admin/oauth2/get-client?client_id=${client.clientId}`);
      expect(read.body).not.toHaveProperty('client_secret');

      const oldSecret = await formPost(h(), '/oauth2/introspect', { token: 'x' }, basic(client));
      expect(oldSecret.status).toBe(401);
      const newSecret = await formPost(
        h(),
        '/oauth2/introspect',
        { token: 'x' },
        basic({ clientId: client.clientId, clientSecret: secret }),
      );
      expect(newSecret.status).toBe(200);
      expect(events.filter((e) => e.type === 'oauth-client-secret-rotated')).toMatchObject([
        { actorUserId: adminUser.id, detail: { clientId: client.clientId } },
      ]);

      const publicClient = await insertClient(h(), { tokenEndpointAuthMethod: 'none' });
      await expectError(
        admin.post('/admin/oauth2/rotate-client-secret', { client_id: publicClient.clientId }),
        OAUTH_PROVIDER_ERRORS.secretRotationUnavailable,
      );
    });

    it('lists the consents of a client and revokes one, which kills that user’s tokens at once', async () => {
      const { client: admin, user: adminUser } = await signUpWithRole(h(), 'admin');
      const client = await insertClient(h());
      const ada = await issuedTokens(h(), client);
      const other = await issuedTokens(h(), client);

      const listed = await admin.get(`/admin/oauth2/list-client-consents?client_id=${client.clientId}`);
      expect(listed.status).toBe(200);
      expect(listed.body.consents).toHaveLength(2);
      const adaConsent = listed.body.consents.find((c: { userId: string }) => c.userId === ada.userId);
      expect(adaConsent).toMatchObject({ scopes: ['openid', 'profile'], user: { id: ada.userId } });

      // Another client's id with this consent: unknown.
      const elsewhere = await insertClient(h());
      await expectError(
        admin.post('/admin/oauth2/revoke-client-consent', { client_id: elsewhere.clientId, id: adaConsent.id }),
        OAUTH_PROVIDER_ERRORS.consentNotFound,
      );

      const revoked = await admin.post('/admin/oauth2/revoke-client-consent', {
        client_id: client.clientId,
        id: adaConsent.id,
      });
      expect(revoked.status).toBe(200);
      expect(await isActive(h(), client, ada.accessToken)).toBe(false);
      expect(await isActive(h(), client, ada.refreshToken)).toBe(false);
      expect(await isActive(h(), client, other.accessToken)).toBe(true);
      const after = await admin.get(`/admin/oauth2/list-client-consents?client_id=${client.clientId}`);
      expect(after.body.consents.map((c: { userId: string }) => c.userId)).toEqual([other.userId]);
      expect(events.filter((e) => e.type === 'oauth-consent-revoked')).toMatchObject([
        { userId: ada.userId, actorUserId: adminUser.id },
      ]);
    });

    it('lists the live grants of a client and revokes one, then all: introspection answers active: false', async () => {
      const { client: admin } = await signUpWithRole(h(), 'admin');
      const client = await insertClient(h());
      const ada = await issuedTokens(h(), client);
      const other = await issuedTokens(h(), client);

      const listed = await admin.get(`/admin/oauth2/list-client-tokens?client_id=${client.clientId}`);
      expect(listed.status).toBe(200);
      expect(listed.body.grants).toHaveLength(2);
      expect(listed.body.grants.find((g: { grantId: string }) => g.grantId === ada.grantId)).toMatchObject({
        userId: ada.userId,
        user: { id: ada.userId },
        hasRefreshToken: true,
        scopes: ['openid', 'profile', 'email', 'offline_access'],
      });

      const elsewhere = await insertClient(h());
      await expectError(
        admin.post('/admin/oauth2/revoke-client-tokens', { client_id: elsewhere.clientId, grant_id: ada.grantId }),
        OAUTH_PROVIDER_ERRORS.grantNotFound,
      );
      expect(await isActive(h(), client, ada.accessToken)).toBe(true);

      const one = await admin.post('/admin/oauth2/revoke-client-tokens', {
        client_id: client.clientId,
        grant_id: ada.grantId,
      });
      expect(one.status).toBe(200);
      expect(await isActive(h(), client, ada.accessToken)).toBe(false);
      expect(await isActive(h(), client, ada.refreshToken)).toBe(false);
      expect(await isActive(h(), client, other.accessToken)).toBe(true);
      const remaining = await admin.get(`/admin/oauth2/list-client-tokens?client_id=${client.clientId}`);
      expect(remaining.body.grants.map((g: { grantId: string }) => g.grantId)).toEqual([other.grantId]);

      const all = await admin.post('/admin/oauth2/revoke-client-tokens', { client_id: client.clientId });
      expect(all.status).toBe(200);
      expect(await isActive(h(), client, other.accessToken)).toBe(false);
      expect(await isActive(h(), client, other.refreshToken)).toBe(false);
      const none = await admin.get(`/admin/oauth2/list-client-tokens?client_id=${client.clientId}`);
      expect(none.body.grants).toEqual([]);
    });

    it('deletes any client, its tokens with it', async () => {
      const { client: admin } = await signUpWithRole(h(), 'admin');
      const client = await insertClient(h());
      const ada = await issuedTokens(h(), client);
      const deleted = await admin.post('/admin/oauth2/delete-client', { client_id: client.clientId });
      expect(deleted.status).toBe(200);
      expect(deleted.body).toEqual({ status: true });
      await expectError(
        admin.get(`/admin/oauth2/get-client?client_id=${client.clientId}`),
        OAUTH_PROVIDER_ERRORS.clientNotFound,
      );
      const tokens = await oauthProviderSchema
        .db(h().auth.context)
        .selectFrom('oauthAccessToken')
        .select('id')
        .where('grantId', '=', ada.grantId)
        .execute();
      expect(tokens).toEqual([]);
      await expectError(
        admin.post('/admin/oauth2/delete-client', { client_id: client.clientId }),
        OAUTH_PROVIDER_ERRORS.clientNotFound,
      );
    });

    it('describes every admin route in the OpenAPI document', async () => {
      const document = await h().client().get('/openapi.json');
      for (const path of [
        '/admin/oauth2/list-clients',
        '/admin/oauth2/get-client',
        '/admin/oauth2/rotate-client-secret',
        '/admin/oauth2/delete-client',
        '/admin/oauth2/list-client-consents',
        '/admin/oauth2/revoke-client-consent',
        '/admin/oauth2/list-client-tokens',
        '/admin/oauth2/revoke-client-tokens',
      ])
        expect(Object.keys(document.body.paths)).toContain(path);
    });
  },
  {
    plugins: [oauthProviderPlugin({ scopes: ['read:things'] }), adminPlugin({ roles: ROLES })],
    observers: [observer],
  },
);

describe('oauth client administration without a plugin keeping platform roles', () => {
  describeEachDialect(
    'admin console routes',
    (h) => {
      it('refuses them to everyone', async () => {
        const { client } = await h().signUp();
        await expectError(
          client.get('/admin/oauth2/list-clients'),
          OAUTH_PROVIDER_ERRORS.notAllowedToAdministerClients,
        );
      });
    },
    { plugins: [oauthProviderPlugin()] },
  );
});
