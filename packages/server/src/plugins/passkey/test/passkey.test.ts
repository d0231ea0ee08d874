/**
 * Passkeys on every database, driven by a software authenticator through the HTTP API exactly as
 * `passkeyClient()` drives it: register, list, rename, sign in without an e-mail (discoverable
 * credential), delete; and the guards: the origin, the signature counter, a challenge used once
 * (also under parallel use) and only within its lifetime, the owner alone managing a passkey, the
 * plugins' refusal of a session (a banned user).
 */
import type { Kysely } from 'kysely';
import { expect, it } from 'vitest';
import { expectError } from '../../../../../../test/expect-error';
import { adminPlugin, PASSKEY_ERRORS, passkeyPlugin, type AuthEvent } from '../../..';
import { ADMIN_ERRORS } from '../../admin/errors';
import { ERRORS } from '../../../endpoint/errors';
import { ORIGIN, describeEachDialect, type Harness, type TestClient } from '../../../../test/support/harness';
import { countRows } from '../../../../test/support/rows';
import { SoftAuthenticator } from '../../../../test/support/soft-authenticator';

/** The harness's sign-up password. */
const PASSWORD = 'correct horse battery';
const events: AuthEvent[] = [];
const observer = { event: (event: AuthEvent) => void events.push(event) };

async function register(client: TestClient, authenticator: SoftAuthenticator, name?: string, origin?: string) {
  const options = await client.get('/passkey/generate-register-options');
  expect(options.status).toBe(200);
  const response = authenticator.create(options.body, origin === undefined ? {} : { origin });
  return client.post('/passkey/verify-registration', { response, ...(name === undefined ? {} : { name }) });
}

async function signIn(client: TestClient, authenticator: SoftAuthenticator, overrides = {}) {
  const options = await client.get('/passkey/generate-authenticate-options');
  expect(options.status).toBe(200);
  return client.post('/passkey/verify-authentication', { response: authenticator.get(options.body, overrides) });
}

/** A signed-up user with one registered passkey. */
async function userWithPasskey(h: Harness) {
  const { client, user } = await h.signUp();
  const authenticator = new SoftAuthenticator(ORIGIN);
  const registered = await register(client, authenticator, 'Laptop');
  expect(registered.status).toBe(200);
  return { client, user, authenticator, passkey: registered.body };
}

/** Runs `race` with the verification store's reads held until `count` of them have read. */
async function holdingChallengeReads<T>(h: Harness, count: number, race: () => Promise<T>): Promise<T> {
  const store = h.auth.context.verifications;
  const find = store.find;
  let arrived = 0;
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  store.find = async (identifier) => {
    const row = await find(identifier);
    arrived += 1;
    if (arrived === count) open();
    await opened;
    return row;
  };
  try {
    return await race();
  } finally {
    store.find = find;
  }
}

function sessionCookieOf(response: { setCookies: Map<string, { value: string }> }): string | undefined {
  return [...response.setCookies.entries()].find(([name, c]) => name.endsWith('session_token') && c.value !== '')?.[1]
    .value;
}

describeEachDialect(
  'passkeys',
  (h) => {
    it('registers, lists, renames, signs in with and deletes a passkey, telling the audit events', async () => {
      const { client, user, authenticator, passkey } = await userWithPasskey(h());
      expect(passkey).toMatchObject({
        name: 'Laptop',
        userId: user.id,
        credentialID: authenticator.id,
        counter: 1,
        deviceType: 'singleDevice',
        backedUp: false,
        transports: 'internal',
        aaguid: '00000000-0000-0000-0000-000000000000',
      });
      expect(typeof passkey.publicKey).toBe('string');

      const listed = await client.get('/passkey/list-user-passkeys');
      expect(listed.status).toBe(200);
      expect(listed.body).toHaveLength(1);
      expect(listed.body[0]).toMatchObject({ id: passkey.id, name: 'Laptop', credentialID: authenticator.id });

      const renamed = await client.post('/passkey/update-passkey', { id: passkey.id, name: '  Phone ' });
      expect(renamed.status).toBe(200);
      expect(renamed.body.passkey).toMatchObject({ id: passkey.id, name: 'Phone' });
      expect((await client.get('/passkey/list-user-passkeys')).body[0].name).toBe('Phone');

      // A browser without a session, and no e-mail asked: the options name no credential.
      const browser = h().client();
      const options = await browser.get('/passkey/generate-authenticate-options');
      expect(options.body.allowCredentials ?? []).toEqual([]);
      const signedIn = await browser.post('/passkey/verify-authentication', {
        response: authenticator.get(options.body),
      });
      expect(signedIn.status).toBe(200);
      expect(signedIn.body.user.id).toBe(user.id);
      expect(signedIn.body.session.userId).toBe(user.id);
      expect(sessionCookieOf(signedIn)).toBeDefined();
      expect((await browser.get('/get-session')).body.user.id).toBe(user.id);
      expect((await client.get('/passkey/list-user-passkeys')).body[0].counter).toBe(2);

      const deleted = await client.post('/passkey/delete-passkey', { id: passkey.id });
      expect(deleted.status).toBe(200);
      expect(deleted.body).toEqual({ status: true });
      expect((await client.get('/passkey/list-user-passkeys')).body).toEqual([]);
      await expectError(signIn(h().client(), authenticator), PASSKEY_ERRORS.unknownSignInPasskey);

      const mine = events.filter((e) => e.userId === user.id);
      expect(mine.find((e) => e.type === 'passkey-added')).toMatchObject({ actorUserId: user.id });
      expect(mine.find((e) => e.type === 'sign-in' && e.method === 'passkey')).toMatchObject({ outcome: 'success' });
      expect(mine.find((e) => e.type === 'passkey-removed')).toMatchObject({ detail: { passkeyId: passkey.id } });
    });

    it('names the account by its e-mail and the person by their name in the registration options, whatever label the passkey gets', async () => {
      const { client, user } = await h().signUp(undefined, PASSWORD, 'Ada Lovelace');
      for (const query of ['', '?name=Laptop']) {
        const options = await client.get(`/passkey/generate-register-options${query}`);
        expect(options.status).toBe(200);
        expect(options.body.user.name, query).toBe(user.email);
        expect(options.body.user.displayName, query).toBe('Ada Lovelace');
        expect(options.body.user.id).not.toContain(user.id);
      }
    });

    it('answers a sign-in with a credential the server does not know with 401 PASSKEY_NOT_FOUND and creates no session', async () => {
      const stranger = new SoftAuthenticator(ORIGIN);
      const browser = h().client();
      const sessions = await countRows(h(), 'session');
      const refused = await signIn(browser, stranger);
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual({ code: 'PASSKEY_NOT_FOUND', message: 'Passkey not found' });
      expect(sessionCookieOf(refused)).toBeUndefined();
      expect(await countRows(h(), 'session')).toBe(sessions);
    });

    it('answers a forged signature with 401 AUTHENTICATION_FAILED, creating no session and keeping the counter', async () => {
      const { client, authenticator } = await userWithPasskey(h());
      const forger = new SoftAuthenticator(ORIGIN);
      const browser = h().client();
      const options = await browser.get('/passkey/generate-authenticate-options');
      // A well-formed assertion for the victim's credential, signed with a key that is not its own.
      const forged = { ...forger.get(options.body, { counter: 50 }), id: authenticator.id, rawId: authenticator.id };
      const sessions = await countRows(h(), 'session');
      const refused = await browser.post('/passkey/verify-authentication', { response: forged });
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual({ code: 'AUTHENTICATION_FAILED', message: 'Authentication failed' });
      expect(sessionCookieOf(refused)).toBeUndefined();
      expect(await countRows(h(), 'session')).toBe(sessions);
      expect((await client.get('/passkey/list-user-passkeys')).body[0].counter).toBe(1);
      // The genuine authenticator still signs in afterwards.
      expect((await signIn(h().client(), authenticator)).status).toBe(200);
    });

    it('offers the signed-in user’s passkeys as allowed credentials, and takes the options by POST too', async () => {
      const { client, authenticator } = await userWithPasskey(h());
      const options = await client.post('/passkey/generate-authenticate-options', {});
      expect(options.status).toBe(200);
      expect(options.body.allowCredentials.map((c: { id: string }) => c.id)).toEqual([authenticator.id]);
      const again = await client.get('/passkey/generate-register-options');
      expect(again.body.excludeCredentials.map((c: { id: string }) => c.id)).toEqual([authenticator.id]);
      expect(again.body.authenticatorSelection).toMatchObject({ residentKey: 'preferred' });
      expect(again.body.rp.id).toBe('localhost');
    });

    it('refuses a registration and a sign-in whose ceremony ran on another origin', async () => {
      const { client } = await h().signUp();
      const phished = new SoftAuthenticator(ORIGIN);
      await expectError(
        register(client, phished, 'x', 'https://evil.example'),
        PASSKEY_ERRORS.failedToVerifyRegistration,
      );
      expect((await client.get('/passkey/list-user-passkeys')).body).toEqual([]);

      const { authenticator } = await userWithPasskey(h());
      const browser = h().client();
      const refused = await signIn(browser, authenticator, { origin: 'https://evil.example' });
      await expectError(refused, PASSKEY_ERRORS.authenticationFailed);
      expect(sessionCookieOf(refused)).toBeUndefined();
    });

    it('refuses an assertion whose counter is not above the stored one (a replay or a cloned authenticator)', async () => {
      const { authenticator } = await userWithPasskey(h());
      expect((await signIn(h().client(), authenticator, { counter: 5 })).status).toBe(200);
      await expectError(signIn(h().client(), authenticator, { counter: 5 }), PASSKEY_ERRORS.authenticationFailed);
      await expectError(signIn(h().client(), authenticator, { counter: 3 }), PASSKEY_ERRORS.authenticationFailed);
      expect((await signIn(h().client(), authenticator, { counter: 6 })).status).toBe(200);
    });

    // Guard: the conditional delete of the challenge's row (plugins/passkey/challenge.ts): only the verification whose delete removed it goes on.
    it('uses a challenge once, also when the same answer is sent three times at once', async () => {
      const { authenticator } = await userWithPasskey(h());
      const browser = h().client();
      const options = await browser.get('/passkey/generate-authenticate-options');
      const response = authenticator.get(options.body);
      const cookie = browser.cookieHeader;
      const send = () => h().client().post('/passkey/verify-authentication', { response }, { headers: { cookie } });
      // Every request reads the challenge's row before any uses it: only the conditional delete decides.
      const answers = await holdingChallengeReads(h(), 3, () => Promise.all([send(), send(), send()]));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400]);
      for (const refused of answers.filter((a) => a.status !== 200))
        await expectError(refused, PASSKEY_ERRORS.challengeNotFound);
      await expectError(send(), PASSKEY_ERRORS.challengeNotFound);
    });

    it('refuses a challenge past its five minutes, and one made for the other ceremony', async () => {
      const { client, authenticator } = await userWithPasskey(h());
      const options = await client.get('/passkey/generate-authenticate-options');
      h().clock.advance(5 * 60 + 1);
      const late = await client.post('/passkey/verify-authentication', { response: authenticator.get(options.body) });
      await expectError(late, PASSKEY_ERRORS.challengeNotFound);

      // A registration's challenge signs nobody in.
      const creation = await client.get('/passkey/generate-register-options');
      const crossed = await client.post('/passkey/verify-authentication', {
        response: authenticator.get({ challenge: creation.body.challenge }),
      });
      await expectError(crossed, PASSKEY_ERRORS.challengeNotFound);
      await expectError(
        client.post('/passkey/verify-authentication', { response: authenticator.get({ challenge: 'x' }) }),
        PASSKEY_ERRORS.challengeNotFound,
      );
    });

    it('knows a credential by its exact id, also where the database compares text without case', async () => {
      const { authenticator } = await userWithPasskey(h());
      const browser = h().client();
      const options = await browser.get('/passkey/generate-authenticate-options');
      const response = authenticator.get(options.body);
      const swapped = [...response.id].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join('');
      const answer = await browser.post('/passkey/verify-authentication', {
        response: { ...response, id: swapped, rawId: swapped },
      });
      await expectError(answer, PASSKEY_ERRORS.unknownSignInPasskey);
    });

    it('lets only the owner rename or delete a passkey', async () => {
      const owner = await userWithPasskey(h());
      const { client: other } = await h().signUp();
      await expectError(
        other.post('/passkey/update-passkey', { id: owner.passkey.id, name: 'mine now' }),
        PASSKEY_ERRORS.youAreNotAllowedToRegisterThisPasskey,
      );
      await expectError(
        other.post('/passkey/delete-passkey', { id: owner.passkey.id }),
        PASSKEY_ERRORS.youAreNotAllowedToRegisterThisPasskey,
      );
      await expectError(
        other.post('/passkey/delete-passkey', { id: 'no-such-passkey' }),
        PASSKEY_ERRORS.passkeyNotFound,
      );
      expect(await other.get('/passkey/list-user-passkeys').then((r) => r.body)).toEqual([]);
      const kept = (await owner.client.get('/passkey/list-user-passkeys')).body;
      expect(kept).toHaveLength(1);
      expect(kept[0].name).toBe('Laptop');
    });

    it('registers passkeys only for a signed-in user, and one credential on one account', async () => {
      await expectError(h().client().get('/passkey/generate-register-options'), ERRORS.unauthorized);
      const { authenticator } = await userWithPasskey(h());
      const { client: other } = await h().signUp();
      await expectError(register(other, authenticator), PASSKEY_ERRORS.previouslyRegistered);
    });

    it('describes its routes in the API document', async () => {
      const document = await h().client().get('/openapi.json');
      expect(document.status).toBe(200);
      for (const path of [
        '/passkey/generate-register-options',
        '/passkey/verify-registration',
        '/passkey/generate-authenticate-options',
        '/passkey/verify-authentication',
        '/passkey/list-user-passkeys',
        '/passkey/update-passkey',
        '/passkey/delete-passkey',
      ])
        expect(Object.keys(document.body.paths)).toContain(path);
    });

    it('asks a fresh session to register a passkey, as better-auth does', async () => {
      const { client } = await h().signUp();
      h().clock.advance(24 * 60 * 60 + 1);
      await expectError(client.get('/passkey/generate-register-options'), ERRORS.sessionNotFresh);
      expect((await client.get('/passkey/list-user-passkeys')).status).toBe(200);
    });

    it('deletes the passkeys of a deleted account, which then signs nobody in', async () => {
      const { client, user, authenticator } = await userWithPasskey(h());
      expect((await client.post('/delete-user', { password: PASSWORD })).status).toBe(200);
      const db = h().auth.context.db as unknown as Kysely<{ passkey: { userId: string } }>;
      expect(await db.selectFrom('passkey').selectAll().where('userId', '=', user.id).execute()).toEqual([]);
      await expectError(signIn(h().client(), authenticator), PASSKEY_ERRORS.unknownSignInPasskey);
    });

    it('creates no session for a banned user, as every sign-in refuses one', async () => {
      const { user, authenticator } = await userWithPasskey(h());
      const db = h().auth.context.db as unknown as Kysely<{ user: { id: string; banned: boolean } }>;
      await db.updateTable('user').set({ banned: true }).where('id', '=', user.id).execute();
      const refused = await signIn(h().client(), authenticator);
      await expectError(refused, ADMIN_ERRORS.bannedUser);
      expect(sessionCookieOf(refused)).toBeUndefined();
      expect(events.filter((e) => e.userId === user.id && e.type === 'sign-in').at(-1)).toMatchObject({
        outcome: 'failure',
        method: 'passkey',
      });
    });
  },
  {
    plugins: [adminPlugin(), passkeyPlugin()],
    observers: [observer],
    user: { deleteUser: { enabled: true } },
  },
);
