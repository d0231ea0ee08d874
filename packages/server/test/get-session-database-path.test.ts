/**
 * get-session's database path (`disableCookieCache=true`): the session and its user come from one
 * statement, prepared once and run on the driver (db/prepared-read.ts), read with the plugins'
 * columns and the same types as every other read, and never from a transaction's uncommitted rows.
 */
import { createHash } from 'node:crypto';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import pg from 'pg';
import { expect, it, vi } from 'vitest';
import { describeEachDialect, uniqueEmail, type Harness } from './support/harness';
import { profilePlugin, profileSchema as profile } from './support/profile-plugin';

const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');

interface Statement {
  /** pg: `query` with a name is a prepared statement; mysql2: `execute` is one, `query` is not. */
  how: 'query' | 'named query' | 'execute';
  text: string;
}

/** The start of each of mysql2's tracing channels (`mysql2:query`, `mysql2:execute`), with the statement's text. */
const MYSQL_QUERY = 'tracing:mysql2:query:start';
const MYSQL_EXECUTE = 'tracing:mysql2:execute:start';
const traced = (message: unknown) => String((message as { query?: unknown }).query);

/**
 * Every statement the pg and mysql2 drivers are handed while `run` runs, by any path (Kysely's or
 * the prepared read's): pg through its client's `query`, which pool and Kysely both call, mysql2
 * through the diagnostics channels it publishes each statement on.
 */
async function statementsDuring(run: () => Promise<unknown>): Promise<Statement[]> {
  const sent: Statement[] = [];
  const pgQuery = vi.spyOn(pg.Client.prototype, 'query');
  const onQuery = (message: unknown) => sent.push({ how: 'query', text: traced(message) });
  const onExecute = (message: unknown) => sent.push({ how: 'execute', text: traced(message) });
  subscribe(MYSQL_QUERY, onQuery);
  subscribe(MYSQL_EXECUTE, onExecute);
  try {
    await run();
    for (const [config] of pgQuery.mock.calls) {
      const { name, text } = (typeof config === 'string' ? { text: config } : config) as {
        name?: string;
        text: string;
      };
      sent.push({ how: name ? 'named query' : 'query', text });
    }
    return sent;
  } finally {
    unsubscribe(MYSQL_QUERY, onQuery);
    unsubscribe(MYSQL_EXECUTE, onExecute);
    pgQuery.mockRestore();
  }
}

async function signUp(h: Harness, nickname: string) {
  const client = h.client();
  const response = await client.post('/sign-up/email', {
    email: uniqueEmail(),
    password: 'correct horse battery',
    name: 'Ada',
    nickname,
  });
  expect(response.status).toBe(200);
  return { client, token: response.body.token as string, userId: response.body.user.id as string };
}

describeEachDialect(
  'get-session from the database',
  (h, dialect) => {
    it.skipIf(dialect === 'sqlite')(
      'sends one prepared statement per get-session, session and user joined, and nothing else',
      async () => {
        const { client, token } = await signUp(h(), 'one-statement');
        // The first read on a connection prepares the statement there (mysql2: a round trip more, once).
        expect((await client.get('/get-session?disableCookieCache=true')).body.session.token).toBe(token);
        const sent = await statementsDuring(async () => {
          for (let i = 0; i < 3; i += 1) {
            const response = await client.get('/get-session?disableCookieCache=true');
            expect(response.body.session.token).toBe(token);
          }
        });
        expect(sent).toHaveLength(3);
        for (const statement of sent) {
          expect(statement.how).toBe(dialect === 'postgres' ? 'named query' : 'execute');
          expect(statement.text).toMatch(/^select .* from ["`]session["`] inner join ["`]user["`] on .* where /);
        }
        expect(new Set(sent.map(({ text }) => text)).size).toBe(1);
      },
    );

    it('reads the plugins’ columns of session and user, dates as dates and booleans as booleans', async () => {
      const { client, token, userId } = await signUp(h(), 'typed');
      expect((await client.post('/test-profile/device', { device: 'laptop' })).status).toBe(200);
      const context = h().auth.context;
      let found = await context.sessions.findWithUserByDigest(sha256Hex(token));
      expect(found?.session).toMatchObject({ token: sha256Hex(token), userId, device: 'laptop' });
      expect(found?.user).toMatchObject({ id: userId, nickname: 'typed', vip: false, emailVerified: false });
      expect(found?.user.createdAt).toBeInstanceOf(Date);
      expect(found?.session.expiresAt).toBeInstanceOf(Date);
      expect(profile.user(found!.user).flaggedAt).toEqual(new Date('2026-01-02T03:04:05.000Z'));
      // A true boolean: MySQL answers 1 for it, SQLite 1, pg true.
      await profile
        .db(context)
        .updateTable('user')
        .set({ vip: true, flaggedAt: null })
        .where('id', '=', userId)
        .execute();
      found = await context.sessions.findWithUserByDigest(sha256Hex(token));
      expect(profile.user(found!.user)).toMatchObject({ vip: true, flaggedAt: null });
      const response = await client.get('/get-session?disableCookieCache=true');
      expect(response.body.user).toMatchObject({ nickname: 'typed', vip: true, flaggedAt: null });
      expect(response.body.session).toMatchObject({
        device: 'laptop',
        expiresAt: found!.session.expiresAt.toISOString(),
      });
    });

    it('answers null for a session revoked or expired, and for a token never issued', async () => {
      const revoked = await signUp(h(), 'revoked');
      const revokedCookie = revoked.client.cookieHeader;
      const expired = await signUp(h(), 'expired');
      expect((await revoked.client.post('/revoke-session', { token: revoked.token })).status).toBe(200);
      await h()
        .auth.context.db.updateTable('session')
        .set({ expiresAt: new Date(h().clock.now().getTime() - 1000) })
        .where('token', '=', sha256Hex(expired.token))
        .execute();
      expect(await h().auth.context.sessions.findWithUserByDigest(sha256Hex(revoked.token))).toBeNull();
      expect(await h().auth.context.sessions.findWithUserByDigest(sha256Hex('never issued'))).toBeNull();
      const again = await h()
        .client()
        .get('/get-session?disableCookieCache=true', { headers: { cookie: revokedCookie } });
      expect(again.text).toBe('null');
      expect((await expired.client.get('/get-session?disableCookieCache=true')).text).toBe('null');
    });

    it('never sees what a transaction has not committed, and waits for no transaction but SQLite’s', async () => {
      const { token, userId } = await signUp(h(), 'in-transaction');
      const context = h().auth.context;
      let read: Promise<unknown> | undefined;
      const rolledBack = new Error('rolled back');
      await expect(
        context.db.transaction().execute(async (trx) => {
          await trx.updateTable('user').set({ name: 'Uncommitted' }).where('id', '=', userId).execute();
          read = context.sessions.findWithUserByDigest(sha256Hex(token));
          // On SQLite the read queues behind this transaction for the one connection (awaited here,
          // it would wait forever); elsewhere it runs on a connection of its own, at once.
          if (dialect !== 'sqlite') await read;
          throw rolledBack;
        }),
      ).rejects.toBe(rolledBack);
      expect(await read).toMatchObject({ user: { id: userId, name: 'Ada' } });
    });
  },
  { plugins: [profilePlugin] },
);
