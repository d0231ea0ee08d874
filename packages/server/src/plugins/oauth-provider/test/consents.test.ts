/**
 * Consent management on every database: a user lists, reads, narrows and revokes their own
 * consents; another user's consent answers as an unknown one and is left as it was; revoking a
 * consent revokes at once the tokens its client holds for that user, and only those.
 */
import { beforeAll, expect, it } from 'vitest';
import { describeEachDialect, type Harness, type TestClient } from '../../../../test/support/harness';
import { grantConsent } from '../consents/store';
import { toJsonList } from '../json-list';
import { digestOf, newOpaqueSecret } from '../opaque-secret';
import { oauthProviderSchema } from '../schema';
import { insertClient, withOAuthProvider } from './fixtures';
import { exchangeCode, insertCode, refresh, signedInUser } from './token-fixtures';

interface Consent {
  id: string;
  clientId: string;
  userId: string;
  referenceId: string | null;
  scopes: string[];
  createdAt: string;
  updatedAt: string;
  lastUsedAt: string;
}

/** The stored consent of the user for the client. */
function storedConsent(h: Harness, userId: string, clientId: string) {
  return oauthProviderSchema
    .db(h.auth.context)
    .selectFrom('oauthConsent')
    .selectAll()
    .where('clientId', '=', clientId)
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow();
}

/** The user grants the client `scopes` (as the consent screen records it). */
async function consentOf(h: Harness, userId: string, clientId: string, scopes: string[]) {
  await grantConsent(h.auth.context, { clientId, userId, referenceId: null }, scopes);
  return storedConsent(h, userId, clientId);
}

/** An access token and its refresh token, as the token endpoint would store them. */
async function issueTokens(h: Harness, userId: string, clientId: string) {
  const db = oauthProviderSchema.db(h.auth.context);
  const now = h.clock.now();
  const grantId = crypto.randomUUID();
  const refreshId = crypto.randomUUID();
  const common = { clientId, userId, sessionId: null, referenceId: null, resources: null, grantId, revoked: null };
  await db
    .insertInto('oauthRefreshToken')
    .values({
      ...common,
      id: refreshId,
      token: digestOf(newOpaqueSecret()),
      scopes: toJsonList(['openid', 'offline_access']),
      rotatedAt: null,
      authTime: now,
      createdAt: now,
      expiresAt: new Date(now.getTime() + 86_400_000),
    })
    .execute();
  await db
    .insertInto('oauthAccessToken')
    .values({
      ...common,
      id: crypto.randomUUID(),
      token: digestOf(newOpaqueSecret()),
      refreshId,
      scopes: toJsonList(['openid']),
      createdAt: now,
      expiresAt: new Date(now.getTime() + 3_600_000),
    })
    .execute();
  return { grantId };
}

async function revokedOf(h: Harness, grantId: string) {
  const db = oauthProviderSchema.db(h.auth.context);
  const access = await db.selectFrom('oauthAccessToken').select('revoked').where('grantId', '=', grantId).execute();
  const refresh = await db.selectFrom('oauthRefreshToken').select('revoked').where('grantId', '=', grantId).execute();
  return [...access, ...refresh].map((row) => row.revoked);
}

describeEachDialect(
  'oauth-provider consent management',
  (h) => {
    let alice: { client: TestClient; user: { id: string } };
    let bob: { client: TestClient; user: { id: string } };
    let calendar: string;
    let notes: string;

    beforeAll(async () => {
      alice = await h().signUp();
      bob = await h().signUp();
      calendar = (await insertClient(h(), { scopes: ['openid', 'profile', 'email', 'offline_access'] })).clientId;
      notes = (await insertClient(h())).clientId;
    });

    it('GET /oauth2/get-consents lists the user’s own consents only, as better-auth answers them', async () => {
      const mine = await consentOf(h(), alice.user.id, calendar, ['openid', 'profile']);
      await consentOf(h(), bob.user.id, calendar, ['openid']);
      const response = await alice.client.get<Consent[]>('/oauth2/get-consents');
      expect(response.status).toBe(200);
      expect(response.body).toEqual([
        {
          id: mine.id,
          clientId: calendar,
          userId: alice.user.id,
          referenceId: null,
          scopes: ['openid', 'profile'],
          createdAt: mine.createdAt.toISOString(),
          updatedAt: mine.updatedAt.toISOString(),
          // No token issued under it yet: last used when granted.
          lastUsedAt: mine.updatedAt.toISOString(),
        },
      ]);
      expect((await h().client().get('/oauth2/get-consents')).status).toBe(401);
    });

    it('answers when each consent was last used: its latest token issue, which a refresh moves', async () => {
      const client = await insertClient(h(), { scopes: ['openid', 'profile', 'email', 'offline_access'] });
      const user = await signedInUser(h());
      const granted = await consentOf(h(), user.userId, client.clientId, ['openid', 'offline_access']);
      const lastUsed = async () => {
        const response = await user.browser.get<Consent[]>('/oauth2/get-consents');
        expect(response.status).toBe(200);
        return response.body.find((consent) => consent.clientId === client.clientId)!.lastUsedAt;
      };
      expect(await lastUsed()).toBe(granted.updatedAt.toISOString());

      h().clock.advance(60);
      const code = await insertCode(h(), client, user, { scopes: ['openid', 'offline_access'] });
      const tokens = await exchangeCode(h(), client, code.code);
      expect(tokens.status, tokens.text).toBe(200);
      const exchangedAt = h().clock.now().toISOString();
      expect(await lastUsed()).toBe(exchangedAt);

      h().clock.advance(3600);
      const refreshed = await refresh(h(), client, tokens.body.refresh_token);
      expect(refreshed.status, refreshed.text).toBe(200);
      expect(await lastUsed()).toBe(h().clock.now().toISOString());
      // Reading one consent answers the same.
      const one = await user.browser.get<Consent>(`/oauth2/get-consent?id=${granted.id}`);
      expect(one.body.lastUsedAt).toBe(h().clock.now().toISOString());
    });

    it('GET /oauth2/get-consent answers the user’s consent, and 404 for another user’s as for an unknown id', async () => {
      const mine = await consentOf(h(), alice.user.id, calendar, ['openid', 'profile']);
      const theirs = await consentOf(h(), bob.user.id, calendar, ['openid']);
      const response = await alice.client.get<Consent>(`/oauth2/get-consent?id=${mine.id}`);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ id: mine.id, clientId: calendar, scopes: ['openid', 'profile'] });

      const unknown = await alice.client.get('/oauth2/get-consent?id=no-such-consent');
      const others = await alice.client.get(`/oauth2/get-consent?id=${theirs.id}`);
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ code: 'NO_CONSENT', message: 'no consent' });
      expect(others.status).toBe(404);
      expect(others.body).toEqual(unknown.body);
    });

    it('POST /oauth2/update-consent sets the scopes within the client’s, and not another user’s consent', async () => {
      const mine = await consentOf(h(), alice.user.id, calendar, ['openid', 'profile', 'email']);
      h().clock.advance(60);
      const narrowed = await alice.client.post<Consent>('/oauth2/update-consent', {
        id: mine.id,
        update: { scopes: ['openid', 'email'] },
      });
      expect(narrowed.status).toBe(200);
      expect(narrowed.body).toMatchObject({ id: mine.id, scopes: ['openid', 'email'] });
      expect(narrowed.body.updatedAt).toBe(h().clock.now().toISOString());
      const stored = await storedConsent(h(), alice.user.id, calendar);
      expect(JSON.parse(stored.scopes)).toEqual(['openid', 'email']);

      // A scope the client may not ask for (its list has no read:notes) is refused, and nothing changes.
      const widened = await alice.client.post('/oauth2/update-consent', {
        id: mine.id,
        update: { scopes: ['openid', 'read:notes'] },
      });
      expect(widened.status).toBe(400);
      expect(widened.body).toEqual({
        code: 'UNABLE_TO_PROVIDE_SCOPES_TO_THIS_CLIENT',
        message: 'unable to provide scopes to this client',
      });
      expect(JSON.parse((await storedConsent(h(), alice.user.id, calendar)).scopes)).toEqual(['openid', 'email']);

      const theirs = await consentOf(h(), bob.user.id, calendar, ['openid']);
      const refused = await alice.client.post('/oauth2/update-consent', {
        id: theirs.id,
        update: { scopes: ['openid', 'profile', 'email'] },
      });
      expect(refused.status).toBe(404);
      expect(refused.body.code).toBe('NO_CONSENT');
      expect(JSON.parse((await storedConsent(h(), bob.user.id, calendar)).scopes)).toEqual(['openid']);
    });

    it('POST /oauth2/delete-consent removes the consent and revokes that client’s tokens for that user at once', async () => {
      const mine = await consentOf(h(), alice.user.id, notes, ['openid', 'offline_access']);
      await consentOf(h(), bob.user.id, notes, ['openid']);
      const aliceNotes = await issueTokens(h(), alice.user.id, notes);
      const aliceCalendar = await issueTokens(h(), alice.user.id, calendar);
      const bobNotes = await issueTokens(h(), bob.user.id, notes);

      const response = await alice.client.post('/oauth2/delete-consent', { id: mine.id });
      expect(response.status).toBe(200);
      expect(response.body).toBeNull();
      const left = await oauthProviderSchema
        .db(h().auth.context)
        .selectFrom('oauthConsent')
        .select('id')
        .where('id', '=', mine.id)
        .execute();
      expect(left).toEqual([]);
      expect(await revokedOf(h(), aliceNotes.grantId)).toEqual([h().clock.now(), h().clock.now()]);
      // Another client's tokens, and another user's of the same client, live on.
      expect(await revokedOf(h(), aliceCalendar.grantId)).toEqual([null, null]);
      expect(await revokedOf(h(), bobNotes.grantId)).toEqual([null, null]);

      const again = await alice.client.post('/oauth2/delete-consent', { id: mine.id });
      expect(again.status).toBe(404);
      expect(again.body.code).toBe('NO_CONSENT');
    });

    it('POST /oauth2/delete-consent of another user’s consent answers 404 and leaves it and its tokens', async () => {
      const theirs = await consentOf(h(), bob.user.id, calendar, ['openid']);
      const bobCalendar = await issueTokens(h(), bob.user.id, calendar);
      const response = await alice.client.post('/oauth2/delete-consent', { id: theirs.id });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ code: 'NO_CONSENT', message: 'no consent' });
      expect((await storedConsent(h(), bob.user.id, calendar)).id).toBe(theirs.id);
      expect(await revokedOf(h(), bobCalendar.grantId)).toEqual([null, null]);
    });
  },
  withOAuthProvider(),
);
