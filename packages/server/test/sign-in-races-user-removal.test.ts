/**
 * A sign-in that races the user's removal: the credentials check out, then an admin removes the
 * user before the session row is written, so the insert meets a user that is gone (a foreign-key
 * violation). That answers as a user that never existed (401 INVALID_EMAIL_OR_PASSWORD for a
 * password sign-in; 404 USER_NOT_FOUND for a direct call), never 500; a real fault at the same
 * insert (the database away) stays 500 FAILED_TO_CREATE_SESSION.
 */
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { describeEach } from '../../../test/describe-each';
import { expectError } from '../../../test/expect-error';
import { startTcpProxy, type TcpProxy } from '../../../test/tcp-proxy';
import { createAuth, ERRORS, type Auth, type Plugin } from '../src';
import { ResponseCookies } from '../src/http/cookies';
import { engineOf } from '../src/plugin/engine-context';
import { createSession } from '../src/session/create-session';
import { BASE_URL, describeEachDialect, SECRET, TestClient, uniqueEmail } from './support/harness';
import { countRows, sessionsOf } from './support/rows';
import { createTestDatabase, type TestDatabase } from './support/test-database';

const PASSWORD = 'correct horse battery';

/** Users whose next session meets the admin's removal between the password check and the insert. */
const removeAtNextSession = new Set<string>();

const removedMeanwhile: Plugin = {
  id: 'test-removed-meanwhile',
  hooks: {
    async beforeCreateSession(user, auth) {
      // A raw delete, as no plugin may: the engine's context behind the host.
      if (removeAtNextSession.delete(user.id)) await engineOf(auth).users.delete(user.id);
    },
  },
};

describeEachDialect(
  'a sign-in racing the removal of its user',
  (h) => {
    it('answers 401 INVALID_EMAIL_OR_PASSWORD, as for a user that does not exist, and leaves no user or session', async () => {
      const email = uniqueEmail('vanishing');
      const { user } = await h().signUp(email, PASSWORD);
      removeAtNextSession.add(user.id);
      const sessionsBefore = await countRows(h(), 'session');

      const race = await h().client().post('/sign-in/email', { email, password: PASSWORD });

      await expectError(race, ERRORS.invalidEmailOrPassword);
      expect(race.setCookies.size).toBe(0);
      expect(await h().auth.context.users.findById(user.id)).toBeNull();
      expect(await sessionsOf(h(), user.id)).toHaveLength(0);
      // The user's sign-up session went with the user; no other was made.
      expect(await countRows(h(), 'session')).toBe(sessionsBefore - 1);
    });

    it('makes createSession answer 404 USER_NOT_FOUND for a user removed before the insert', async () => {
      const { user } = await h().signUp(uniqueEmail('removed'), PASSWORD);
      await h().auth.context.users.delete(user.id);
      const origin = {
        auth: h().auth.context,
        cookies: new ResponseCookies(),
        headers: new Headers(),
        clientIp: undefined,
      };

      await expectError(
        createSession(origin, { ...user, createdAt: new Date(), updatedAt: new Date() }),
        ERRORS.userNotFound,
      );
      expect(await sessionsOf(h(), user.id)).toHaveLength(0);
      expect([...origin.cookies.headers]).toHaveLength(0);
    });
  },
  { plugins: [removedMeanwhile] },
);

/** Cuts the database off between the password check and the session insert. */
const cutAtNextSession: { proxy?: TcpProxy; userId?: string } = {};

const databaseLostMeanwhile: Plugin = {
  id: 'test-database-lost-meanwhile',
  hooks: {
    async beforeCreateSession(user) {
      if (cutAtNextSession.userId === user.id) await cutAtNextSession.proxy?.cut();
    },
  },
};

describeEach(
  'a session insert that fails for a real fault',
  inject('dialects').filter((d) => d !== 'sqlite'),
  (dialect) => {
    let database: TestDatabase;
    let proxy: TcpProxy;
    let auth: Auth;

    beforeAll(async () => {
      database = await createTestDatabase(dialect);
      const url = new URL(database.url);
      proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port) });
      cutAtNextSession.proxy = proxy;
      url.host = `127.0.0.1:${proxy.port}`;
      auth = createAuth({
        baseURL: BASE_URL,
        secret: SECRET,
        database: { url: url.href },
        plugins: [databaseLostMeanwhile],
        logger: { info() {}, warn() {}, error() {} },
      });
      await auth.migrate();
    });

    afterAll(async () => {
      await auth?.close();
      await proxy?.close();
      await database?.drop();
    });

    it('still answers 500 FAILED_TO_CREATE_SESSION when the database goes away before the insert', async () => {
      const email = uniqueEmail('outage');
      const signUp = await new TestClient(auth).post('/sign-up/email', { email, password: PASSWORD, name: 'Outage' });
      expect(signUp.status).toBe(200);
      cutAtNextSession.userId = signUp.body.user.id;

      const refused = await new TestClient(auth).post('/sign-in/email', { email, password: PASSWORD });

      await expectError(refused, ERRORS.failedToCreateSession);
      cutAtNextSession.userId = undefined;
      await proxy.restore();
      // Nothing was written: the user keeps only its sign-up session.
      const again = new TestClient(auth);
      expect((await again.post('/sign-in/email', { email, password: PASSWORD })).status).toBe(200);
    });
  },
);
