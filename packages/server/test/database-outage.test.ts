/**
 * The database goes away under a running instance and comes back (a TCP proxy in front of it is
 * cut, as a restart would drop every connection). Requests that need it meanwhile answer 503 from
 * the catalogue with Retry-After, not a 500; the pool reconnects by itself once the database is
 * back, and what was acknowledged before is still there.
 */
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { describeEach } from '../../../test/describe-each';
import { startTcpProxy, type TcpProxy } from '../../../test/tcp-proxy';
import { createAuth, type Auth } from '../src';
import { BASE_URL, SECRET, TestClient, uniqueEmail } from './support/harness';
import { createTestDatabase, type TestDatabase } from './support/test-database';

const PASSWORD = 'correct horse battery';

describeEach(
  'while the database is away',
  inject('dialects').filter((d) => d !== 'sqlite'),
  (dialect) => {
    let database: TestDatabase;
    let proxy: TcpProxy;
    let auth: Auth;
    const warnings: string[] = [];

    beforeAll(async () => {
      database = await createTestDatabase(dialect);
      const url = new URL(database.url);
      proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port) });
      url.host = `127.0.0.1:${proxy.port}`;
      auth = createAuth({
        baseURL: BASE_URL,
        secret: SECRET,
        database: { url: url.href },
        logger: { info() {}, warn: (_obj, msg) => void warnings.push(msg ?? ''), error() {} },
      });
      await auth.migrate();
    });

    afterAll(async () => {
      await auth?.close();
      await proxy?.close();
      await database?.drop();
    });

    it('answers 503 SERVICE_UNAVAILABLE meanwhile, then serves again from the same data', async () => {
      const email = uniqueEmail();
      const client = new TestClient(auth);
      expect((await client.post('/sign-up/email', { email, password: PASSWORD, name: 'Outage' })).status).toBe(200);
      // Session reads keep coming throughout, as under load: each is answered 200 or 503, never a 500.
      const statuses = new Set<number>();
      let reading = true;
      const load = (async () => {
        while (reading) statuses.add((await client.get('/get-session?disableCookieCache=true')).status);
      })();

      await proxy.cut();
      const refused = await new TestClient(auth).post('/sign-in/email', { email, password: PASSWORD });
      expect(refused.status).toBe(503);
      expect(refused.body).toEqual({
        code: 'SERVICE_UNAVAILABLE',
        message: 'Service temporarily unavailable. Please try again later.',
      });
      expect(refused.headers.get('retry-after')).toBe('5');
      const session = await client.get('/get-session?disableCookieCache=true');
      expect(session.status).toBe(503);
      expect(warnings).toContain('The database is unreachable: answered 503');

      await proxy.restore();
      const again = new TestClient(auth);
      expect((await again.post('/sign-in/email', { email, password: PASSWORD })).status).toBe(200);
      expect((await client.get('/get-session?disableCookieCache=true')).body.user.email).toBe(email);
      reading = false;
      await load;
      expect([...statuses].sort()).toEqual([200, 503]);
    });
  },
);
