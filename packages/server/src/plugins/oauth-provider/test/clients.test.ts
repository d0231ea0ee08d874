/**
 * Client management on every database (POST /oauth2/create-client and the routes beside it, and
 * the platform admin's): the secret shown once and stored as its digest, the fields only a
 * platform admin may set, validation errors naming their field, owners seeing only their own
 * clients, rotation killing the old secret, deletion taking consents, codes and tokens with it.
 */
import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { expectError } from '../../../../../../test/expect-error';
import { adminPlugin, oauthProviderPlugin, type AuthEvent } from '../../..';
import { ERRORS } from '../../../endpoint/errors';
import { describeEachDialect, type Harness, type TestClient } from '../../../../test/support/harness';
import { grantConsent } from '../consents/store';
import { OAUTH_PROVIDER_ERRORS } from '../errors';
import { digestOf } from '../opaque-secret';
import { oauthProviderSchema } from '../schema';
import { RP_REDIRECT } from './fixtures';

const events: AuthEvent[] = [];
const observer = { event: (event: AuthEvent) => void events.push(event) };
const WEB_CLIENT = { client_name: 'Notes', redirect_uris: [RP_REDIRECT], scope: 'openid read:things' };

function clientRow(h: Harness, clientId: string) {
  return oauthProviderSchema
    .db(h.auth.context)
    .selectFrom('oauthClient')
    .selectAll()
    .where('clientId', '=', clientId)
    .executeTakeFirst();
}

/** A signed-up user made a platform admin, as an operator would (the admin routes are POSTs: they read the role afresh). */
async function signUpAdmin(h: Harness) {
  const signedUp = await h.signUp();
  // The admin plugin's column, which the engine's typed tables do not name.
  await sql`update ${sql.table('user')} set ${sql.ref('role')} = ${'admin'} where ${sql.ref('id')} = ${signedUp.user.id}`.execute(
    h.auth.context.db,
  );
  return signedUp;
}

async function createClient(client: TestClient, body: Record<string, unknown> = WEB_CLIENT) {
  const created = await client.post('/oauth2/create-client', body);
  expect(created.status).toBe(201);
  return created.body as { client_id: string; client_secret?: string } & Record<string, unknown>;
}

function count(
  h: Harness,
  table: 'oauthConsent' | 'oauthAuthorizationCode' | 'oauthAccessToken' | 'oauthRefreshToken',
  clientId: string,
) {
  return oauthProviderSchema
    .db(h.auth.context)
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('clientId', '=', clientId)
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.n));
}

describeEachDialect(
  'oauth client management',
  (h) => {
    beforeEach(() => {
      events.length = 0;
    });

    it('creates a client for its owner, shows the secret once and stores only its digest', async () => {
      const { client, user } = await h().signUp();
      const created = await createClient(client);
      expect(created).toMatchObject({
        client_name: 'Notes',
        redirect_uris: [RP_REDIRECT],
        scope: 'openid read:things',
        token_endpoint_auth_method: 'client_secret_basic',
        grant_types: ['authorization_code'],
        response_types: ['code'],
        application_type: 'web',
        client_secret_expires_at: 0,
        client_id_issued_at: Math.floor(h().clock.now().getTime() / 1000),
        user_id: user.id,
        skip_consent: false,
      });
      const secret = created.client_secret;
      expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);

      const row = await clientRow(h(), created.client_id);
      expect(row?.clientSecret).toBe(digestOf(secret!));
      expect(JSON.stringify(row)).not.toContain(secret);
      expect(row).toMatchObject({ userId: user.id, skipConsent: false, requirePKCE: true });

      const fetched = await client.get(`/oauth2/get-client?client_id=${created.client_id}`);
      expect(fetched.status).toBe(200);
      expect(fetched.body).toMatchObject({ client_id: created.client_id, client_secret_expires_at: 0 });
      expect(fetched.text).not.toContain(secret);
      expect(fetched.body).not.toHaveProperty('client_secret');
      const listed = await client.get('/oauth2/get-clients');
      expect(listed.body.map((c: { client_id: string }) => c.client_id)).toEqual([created.client_id]);
      expect(listed.text).not.toContain(secret);

      expect(events.filter((e) => e.type === 'oauth-client-created')).toMatchObject([
        { userId: user.id, actorUserId: user.id, detail: { clientId: created.client_id } },
      ]);
    });

    it('creates a public client without a secret', async () => {
      const { client } = await h().signUp();
      const created = await createClient(client, {
        redirect_uris: ['com.example.notes:/callback'],
        application_type: 'native',
        token_endpoint_auth_method: 'none',
      });
      expect(created).not.toHaveProperty('client_secret');
      expect(created).not.toHaveProperty('client_secret_expires_at');
      expect((await clientRow(h(), created.client_id))?.clientSecret).toBeNull();
    });

    it('refuses the restricted fields to a client owner, creating and updating nothing', async () => {
      const { client } = await h().signUp();
      const refused = await client.post('/oauth2/create-client', {
        ...WEB_CLIENT,
        skip_consent: true,
        disabled: false,
      });
      await expectError(refused, OAUTH_PROVIDER_ERRORS.restrictedClientFields);
      expect(refused.body.details.map((d: { path: string }) => d.path)).toEqual(['skip_consent', 'disabled']);
      expect((await client.get('/oauth2/get-clients')).body).toEqual([]);

      const created = await createClient(client);
      const update = await client.post('/oauth2/update-client', {
        client_id: created.client_id,
        update: { client_name: 'Renamed', enable_end_session: true },
      });
      await expectError(update, OAUTH_PROVIDER_ERRORS.restrictedClientFields);
      expect(await clientRow(h(), created.client_id)).toMatchObject({ name: 'Notes', enableEndSession: false });
    });

    it('answers a broken field with its name', async () => {
      const { client } = await h().signUp();
      const insecure = await client.post('/oauth2/create-client', { redirect_uris: ['http://rp.example.com/cb'] });
      await expectError(insecure, OAUTH_PROVIDER_ERRORS.invalidRedirectUri);
      expect(insecure.body.details).toEqual([{ path: 'redirect_uris', message: expect.stringContaining('https') }]);

      const missing = await client.post('/oauth2/create-client', { client_name: 'No redirect' });
      await expectError(missing, OAUTH_PROVIDER_ERRORS.invalidRedirectUri);
      expect(missing.body.details[0].path).toBe('redirect_uris');

      const scope = await client.post('/oauth2/create-client', { ...WEB_CLIENT, scope: 'openid admin:everything' });
      await expectError(scope, OAUTH_PROVIDER_ERRORS.invalidScope);
      expect(scope.body.details).toEqual([{ path: 'scope', message: 'cannot request scope admin:everything' }]);

      const method = await client.post('/oauth2/create-client', {
        ...WEB_CLIENT,
        token_endpoint_auth_method: 'tls_client_auth',
      });
      await expectError(method, OAUTH_PROVIDER_ERRORS.invalidClientMetadata);
      expect(method.body.details[0].path).toBe('token_endpoint_auth_method');

      const typed = await client.post('/oauth2/create-client', { redirect_uris: RP_REDIRECT });
      await expectError(typed, ERRORS.invalidBody);
      expect(typed.body.details[0].path).toBe('redirect_uris');
      expect((await client.get('/oauth2/get-clients')).body).toEqual([]);
    });

    it("answers another user's client as unknown on every route", async () => {
      const owner = await h().signUp();
      const created = await createClient(owner.client);
      const { client: other } = await h().signUp();
      for (const id of [created.client_id, 'no-such-client']) {
        await expectError(other.get(`/oauth2/get-client?client_id=${id}`), OAUTH_PROVIDER_ERRORS.clientNotFound);
        await expectError(
          other.post('/oauth2/update-client', { client_id: id, update: { client_name: 'Mine now' } }),
          OAUTH_PROVIDER_ERRORS.clientNotFound,
        );
        await expectError(
          other.post('/oauth2/client/rotate-secret', { client_id: id }),
          OAUTH_PROVIDER_ERRORS.clientNotFound,
        );
        await expectError(other.post('/oauth2/delete-client', { client_id: id }), OAUTH_PROVIDER_ERRORS.clientNotFound);
      }
      expect((await other.get('/oauth2/get-clients')).body).toEqual([]);
      expect(await clientRow(h(), created.client_id)).toMatchObject({
        name: 'Notes',
        clientSecret: digestOf(created.client_secret!),
      });
    });

    it('updates the fields sent, checks the client as it will be, and keeps the auth method', async () => {
      const { client } = await h().signUp();
      const created = await createClient(client);
      const updated = await client.post('/oauth2/update-client', {
        client_id: created.client_id,
        update: { client_name: 'Notes 2', redirect_uris: ['https://rp.example.com/v2/callback'] },
      });
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({
        client_name: 'Notes 2',
        redirect_uris: ['https://rp.example.com/v2/callback'],
        scope: 'openid read:things',
      });
      expect(updated.body).not.toHaveProperty('client_secret');
      expect(events.filter((e) => e.type === 'oauth-client-updated')).toMatchObject([
        { detail: { clientId: created.client_id, fields: 'client_name redirect_uris' } },
      ]);

      const method = await client.post('/oauth2/update-client', {
        client_id: created.client_id,
        update: { token_endpoint_auth_method: 'none' },
      });
      await expectError(method, OAUTH_PROVIDER_ERRORS.invalidClientMetadata);
      expect(method.body.details[0].path).toBe('token_endpoint_auth_method');
      const broken = await client.post('/oauth2/update-client', {
        client_id: created.client_id,
        update: { redirect_uris: ['https://rp.example.com/cb#frag'] },
      });
      await expectError(broken, OAUTH_PROVIDER_ERRORS.invalidRedirectUri);
      expect(await clientRow(h(), created.client_id)).toMatchObject({
        tokenEndpointAuthMethod: 'client_secret_basic',
        clientSecret: digestOf(created.client_secret!),
        redirectUris: JSON.stringify(['https://rp.example.com/v2/callback']),
      });
    });

    it('rotates a secret: the new one shown once, the old digest gone', async () => {
      const { client } = await h().signUp();
      const created = await createClient(client);
      const rotated = await client.post('/oauth2/client/rotate-secret', { client_id: created.client_id });
      expect(rotated.status).toBe(200);
      expect(rotated.headers.get('cache-control')).toBe('no-store');
      const secret = rotated.body.client_secret as string;
      expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(secret).not.toBe(created.client_secret);
      const row = await clientRow(h(), created.client_id);
      expect(row?.clientSecret).toBe(digestOf(secret));
      expect(row?.clientSecret).not.toBe(digestOf(created.client_secret!));
      expect(events.filter((e) => e.type === 'oauth-client-secret-rotated')).toHaveLength(1);

      const publicClient = await createClient(client, {
        redirect_uris: [RP_REDIRECT],
        token_endpoint_auth_method: 'none',
      });
      await expectError(
        client.post('/oauth2/client/rotate-secret', { client_id: publicClient.client_id }),
        OAUTH_PROVIDER_ERRORS.secretRotationUnavailable,
      );
      expect((await clientRow(h(), publicClient.client_id))?.clientSecret).toBeNull();
    });

    it('deletes a client with its consents, codes and tokens', async () => {
      const { client, user } = await h().signUp();
      const created = await createClient(client);
      const kept = await createClient(client);
      const db = oauthProviderSchema.db(h().auth.context);
      const now = h().clock.now();
      const later = new Date(now.getTime() + 3600_000);
      for (const clientId of [created.client_id, kept.client_id]) {
        await grantConsent(h().auth.context, { clientId, userId: user.id, referenceId: null }, ['openid']);
        const grantId = crypto.randomUUID();
        const common = { clientId, userId: user.id, scopes: '["openid"]', grantId, createdAt: now, expiresAt: later };
        await db
          .insertInto('oauthAuthorizationCode')
          .values({
            ...common,
            id: crypto.randomUUID(),
            code: digestOf(crypto.randomUUID()),
            sessionId: null,
            redirectUri: RP_REDIRECT,
            codeChallenge: null,
            nonce: null,
            resources: null,
            referenceId: null,
            authTime: now,
            usedAt: null,
          })
          .execute();
        const refreshId = crypto.randomUUID();
        await db
          .insertInto('oauthRefreshToken')
          .values({
            ...common,
            id: refreshId,
            token: digestOf(crypto.randomUUID()),
            sessionId: null,
            referenceId: null,
            resources: null,
            revoked: null,
            rotatedAt: null,
            authTime: now,
          })
          .execute();
        await db
          .insertInto('oauthAccessToken')
          .values({
            ...common,
            id: crypto.randomUUID(),
            token: digestOf(crypto.randomUUID()),
            sessionId: null,
            refreshId,
            referenceId: null,
            resources: null,
            revoked: null,
          })
          .execute();
      }

      const deleted = await client.post('/oauth2/delete-client', { client_id: created.client_id });
      expect(deleted.status).toBe(200);
      expect(deleted.body).toEqual({ status: true });
      expect(await clientRow(h(), created.client_id)).toBeUndefined();
      for (const table of [
        'oauthConsent',
        'oauthAuthorizationCode',
        'oauthAccessToken',
        'oauthRefreshToken',
      ] as const) {
        expect(await count(h(), table, created.client_id)).toBe(0);
        expect(await count(h(), table, kept.client_id)).toBe(1);
      }
      expect(events.filter((e) => e.type === 'oauth-client-deleted')).toMatchObject([
        { userId: user.id, detail: { clientId: created.client_id } },
      ]);
      await expectError(
        client.post('/oauth2/delete-client', { client_id: created.client_id }),
        OAUTH_PROVIDER_ERRORS.clientNotFound,
      );
    });

    it("shows any signed-in user a client's public fields only, and nothing of a disabled one", async () => {
      const { client } = await h().signUp();
      const created = await createClient(client, {
        ...WEB_CLIENT,
        client_uri: 'https://rp.example.com',
        logo_uri: 'https://rp.example.com/logo.png',
        contacts: ['ops@rp.example.com'],
        tos_uri: 'https://rp.example.com/tos',
        policy_uri: 'https://rp.example.com/privacy',
      });
      const { client: viewer } = await h().signUp();
      const shown = await viewer.get(`/oauth2/public-client?client_id=${created.client_id}`);
      expect(shown.status).toBe(200);
      expect(shown.body).toEqual({
        client_id: created.client_id,
        client_name: 'Notes',
        client_uri: 'https://rp.example.com',
        logo_uri: 'https://rp.example.com/logo.png',
        contacts: ['ops@rp.example.com'],
        tos_uri: 'https://rp.example.com/tos',
        policy_uri: 'https://rp.example.com/privacy',
      });
      await expectError(h().client().get(`/oauth2/public-client?client_id=${created.client_id}`), ERRORS.unauthorized);

      await oauthProviderSchema
        .db(h().auth.context)
        .updateTable('oauthClient')
        .set({ disabled: true })
        .where('clientId', '=', created.client_id)
        .execute();
      await expectError(
        viewer.get(`/oauth2/public-client?client_id=${created.client_id}`),
        OAUTH_PROVIDER_ERRORS.clientNotFound,
      );
    });

    it('describes its routes in the API document', async () => {
      const document = await h().client().get('/openapi.json');
      expect(document.status).toBe(200);
      for (const path of [
        '/oauth2/create-client',
        '/oauth2/get-client',
        '/oauth2/get-clients',
        '/oauth2/public-client',
        '/oauth2/update-client',
        '/oauth2/delete-client',
        '/oauth2/client/rotate-secret',
        '/oauth2/register',
        '/admin/oauth2/create-client',
        '/admin/oauth2/update-client',
      ])
        expect(Object.keys(document.body.paths)).toContain(path);
    });

    describe('platform admins', () => {
      it('create a client with the restricted fields; others may not use the admin routes', async () => {
        const { client: admin, user } = await signUpAdmin(h());
        const created = await admin.post('/admin/oauth2/create-client', {
          client_name: 'Back office',
          grant_types: ['authorization_code', 'client_credentials'],
          redirect_uris: [RP_REDIRECT],
          skip_consent: true,
          enable_end_session: true,
          client_credentials_scopes: ['read:things'],
          client_secret_expires_at: 2000000000,
          metadata: { team: 'ops' },
        });
        expect(created.status).toBe(201);
        expect(created.body).toMatchObject({
          user_id: user.id,
          skip_consent: true,
          enable_end_session: true,
          client_credentials_scopes: ['read:things'],
          client_secret_expires_at: 2000000000,
          team: 'ops',
        });
        expect(await clientRow(h(), created.body.client_id)).toMatchObject({
          skipConsent: true,
          enableEndSession: true,
          clientCredentialsScopes: '["read:things"]',
          clientSecretExpiresAt: new Date(2000000000 * 1000),
          metadata: '{"team":"ops"}',
          clientSecret: digestOf(created.body.client_secret),
        });

        const { client: someone } = await h().signUp();
        await expectError(
          someone.post('/admin/oauth2/create-client', { redirect_uris: [RP_REDIRECT], skip_consent: true }),
          OAUTH_PROVIDER_ERRORS.notAllowedToAdministerClients,
        );
        await expectError(
          someone.post('/admin/oauth2/update-client', {
            client_id: created.body.client_id,
            update: { disabled: true },
          }),
          OAUTH_PROVIDER_ERRORS.notAllowedToAdministerClients,
        );
        expect((await clientRow(h(), created.body.client_id))?.disabled).toBe(false);
      });

      it("update any user's client, restricted fields included, but not its auth method", async () => {
        const owner = await h().signUp();
        const created = await createClient(owner.client);
        const { client: admin, user } = await signUpAdmin(h());
        const updated = await admin.post('/admin/oauth2/update-client', {
          client_id: created.client_id,
          update: { disabled: true, skip_consent: true },
        });
        expect(updated.status).toBe(200);
        expect(updated.body).toMatchObject({
          disabled: true,
          skip_consent: true,
          client_name: 'Notes',
          user_id: owner.user.id,
        });
        expect(await clientRow(h(), created.client_id)).toMatchObject({
          disabled: true,
          skipConsent: true,
          userId: owner.user.id,
        });
        expect(events.filter((e) => e.type === 'oauth-client-updated')).toMatchObject([
          { userId: owner.user.id, actorUserId: user.id },
        ]);
        await expectError(
          admin.post('/admin/oauth2/update-client', {
            client_id: created.client_id,
            update: { client_secret: 'mine' },
          }),
          OAUTH_PROVIDER_ERRORS.invalidClientMetadata,
        );
        await expectError(
          admin.post('/admin/oauth2/update-client', { client_id: 'no-such-client', update: { disabled: true } }),
          OAUTH_PROVIDER_ERRORS.clientNotFound,
        );
      });
    });
  },
  {
    plugins: [oauthProviderPlugin({ scopes: ['read:things'] }), adminPlugin()],
    observers: [observer],
  },
);

describeEachDialect(
  'oauth client administration without a plugin keeping platform roles',
  (h) => {
    it('refuses the admin routes to everyone: no plugin grants the permission', async () => {
      const { client } = await h().signUp();
      await expectError(
        client.post('/admin/oauth2/create-client', { redirect_uris: [RP_REDIRECT] }),
        OAUTH_PROVIDER_ERRORS.notAllowedToAdministerClients,
      );
    });
  },
  { plugins: [oauthProviderPlugin()] },
);
