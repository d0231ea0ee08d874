/**
 * The session routes: get-session, list-sessions, revoke-session(s), revoke-other-sessions and
 * update-user, over HTTP and through `auth.api`, with what each leaves in the database.
 */
import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import { AuthError } from '../src';
import { describeEachDialect, uniqueEmail, type Harness } from './support/harness';
import { expectInvalidBody } from './support/invalid-body';
import { sessionRow } from './support/rows';
import { CORE_COLUMNS } from './support/core-columns';

const TOKEN = 'latchkey.session_token';
const DATA = 'latchkey.session_data';
const DONT_REMEMBER = 'latchkey.dont_remember';
const PASSWORD = 'correct horse battery';
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');
const time = (value: unknown) => new Date(value as string | Date).getTime();

function userRow(h: () => Harness, id: string) {
  return h().auth.context.db.selectFrom('user').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function sessionIdsOf(h: () => Harness, userId: string): Promise<string[]> {
  const rows = await h().auth.context.db.selectFrom('session').select('id').where('userId', '=', userId).execute();
  return rows.map((r) => r.id).sort();
}

/** A user signed in from three browsers. */
async function userWithThreeSessions(h: () => Harness) {
  const email = uniqueEmail();
  const first = await h().signUp(email);
  const others = [];
  for (let i = 0; i < 2; i++) {
    const client = h().client();
    const response = await client.post('/sign-in/email', { email, password: PASSWORD });
    expect(response.status).toBe(200);
    others.push({ client, token: response.body.token as string });
  }
  return { user: first.user, sessions: [{ client: first.client, token: first.token }, ...others] };
}

describeEachDialect('GET /get-session', (h) => {
  it('answers 200 with the body null and Cache-Control: no-store when no cookie is sent', async () => {
    const response = await h().client().get('/get-session');
    expect(response.status).toBe(200);
    expect(response.text).toBe('null');
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.setCookies.size).toBe(0);
  });

  it("answers the session and its user in better-auth's shape, the session carrying the cookie's raw token", async () => {
    const email = uniqueEmail();
    const client = h().client('192.0.2.44');
    const signUp = await client.post(
      '/sign-up/email',
      { email, password: PASSWORD, name: 'Grace' },
      { headers: { 'user-agent': 'ShapeTest/1.0' } },
    );
    const response = await client.get('/get-session?disableCookieCache=true');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const { session, user } = response.body;
    expect(Object.keys(response.body).sort()).toEqual(['session', 'user']);
    expect(Object.keys(session).sort()).toEqual(CORE_COLUMNS.session);
    expect(Object.keys(user).sort()).toEqual(CORE_COLUMNS.user);

    const row = await sessionRow(h(), signUp.body.token);
    const now = h().clock.now().getTime();
    expect(session).toEqual({
      id: row!.id,
      token: signUp.body.token,
      userId: signUp.body.user.id,
      expiresAt: new Date(now + 7 * 24 * 60 * 60 * 1000).toISOString(),
      createdAt: new Date(now).toISOString(),
      updatedAt: new Date(now).toISOString(),
      ipAddress: '192.0.2.44',
      userAgent: 'ShapeTest/1.0',
    });
    expect(user).toEqual({
      id: signUp.body.user.id,
      name: 'Grace',
      email,
      emailVerified: false,
      image: null,
      // The sign-up named no language (no Accept-Language): none is stored.
      language: null,
      createdAt: new Date(now).toISOString(),
      updatedAt: new Date(now).toISOString(),
    });
    for (const value of [session.expiresAt, session.createdAt, user.updatedAt]) expect(value).toMatch(ISO);
  });

  it('answers null and clears the cookies when the cookie names a session that no longer exists', async () => {
    const { client, token } = await h().signUp();
    await h().auth.context.db.deleteFrom('session').where('token', '=', sha256Hex(token)).execute();
    const response = await client.get('/get-session?disableCookieCache=true');
    expect(response.text).toBe('null');
    expect(response.setCookies.get(TOKEN)!.attributes['max-age']).toBe('0');
    expect(response.setCookies.get(DATA)!.attributes['max-age']).toBe('0');
    expect(response.setCookies.get(DONT_REMEMBER)!.attributes['max-age']).toBe('0');
  });

  it('answers 200 null, never an error, for malformed session cookies', async () => {
    for (const cookie of [
      'latchkey.session_token=%E0%A4%A',
      'latchkey.session_token="unterminated',
      'latchkey.session_token=' + 'A'.repeat(8000),
      'latchkey.session_token=\u00ff\u00fe.\u00fd',
      'latchkey.session_token=.; latchkey.session_data=.',
      'latchkey.session_token',
      ';;;=;=',
    ]) {
      const response = await h().client().get('/get-session', { headers: { cookie } });
      expect(response.status).toBe(200);
      expect(response.text).toBe('null');
    }
  });

  it('answers the session from the database when the cache cookie is garbage', async () => {
    const { client, token } = await h().signUp();
    client.cookies.set(DATA, 'not-a-cache');
    const response = await client.get('/get-session');
    expect(response.body.session.token).toBe(token);
    expect(response.setCookies.get(DATA)!.value).not.toBe('not-a-cache');
  });

  it('answers 400 VALIDATION_ERROR for a query flag that is not true or false', async () => {
    const { client } = await h().signUp();
    const response = await client.get('/get-session?disableCookieCache=maybe');
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Invalid query parameters' });
    expect(response.body.details[0].path).toBe('disableCookieCache');
  });
});

describeEachDialect('GET /list-sessions', (h) => {
  it('answers 401 UNAUTHORIZED without a session', async () => {
    const response = await h().client().get('/list-sessions');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ code: 'UNAUTHORIZED', message: 'Unauthorized' });
  });

  it("lists the user's live sessions only: neither other users' sessions nor expired ones", async () => {
    const { user, sessions } = await userWithThreeSessions(h);
    const stranger = await h().signUp();
    const expired = await sessionRow(h(), sessions[2]!.token);
    await h()
      .auth.context.db.updateTable('session')
      .set({ expiresAt: new Date(h().clock.now().getTime() - 1000) })
      .where('id', '=', expired!.id)
      .execute();

    const response = await sessions[0]!.client.get('/list-sessions');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(Array.isArray(response.body)).toBe(true);
    const live = [sessions[0]!, sessions[1]!];
    const liveRows = await Promise.all(live.map((s) => sessionRow(h(), s.token)));
    expect(response.body.map((s: { id: string }) => s.id).sort()).toEqual(liveRows.map((r) => r!.id).sort());
    for (const listed of response.body) {
      expect(listed.userId).toBe(user.id);
      expect(listed.expiresAt).toMatch(ISO);
      expect(listed).toHaveProperty('ipAddress');
      expect(listed).toHaveProperty('userAgent');
    }
    expect(response.text).not.toContain(stranger.token);
    expect(response.text).not.toContain(sha256Hex(stranger.token));
  });

  it("shows the caller's own session with the token get-session shows, and every other session as its digest", async () => {
    const { sessions } = await userWithThreeSessions(h);
    const caller = sessions[1]!;
    const response = await caller.client.get('/list-sessions');
    const current = (await caller.client.get('/get-session')).body.session;
    const own = response.body.filter((s: { token: string }) => s.token === current.token);
    expect(own).toHaveLength(1);
    expect(own[0].id).toBe(current.id);
    const others = response.body
      .filter((s: { id: string }) => s.id !== current.id)
      .map((s: { token: string }) => s.token)
      .sort();
    expect(others).toEqual([sessions[0]!, sessions[2]!].map((s) => sha256Hex(s.token)).sort());
    // Nobody else's raw token: only the caller's, which the caller already holds.
    for (const other of [sessions[0]!, sessions[2]!]) expect(response.text).not.toContain(other.token);
  });

  it('a listed handle of another session revokes it, and the handle itself signs nobody in', async () => {
    const { sessions } = await userWithThreeSessions(h);
    const listed = (await sessions[0]!.client.get('/list-sessions')).body;
    const handle = listed.find((s: { token: string }) => s.token === sha256Hex(sessions[2]!.token)).token;
    const intruder = h().client();
    intruder.cookies.set('latchkey.session_token', handle);
    expect((await intruder.get('/get-session')).text).toBe('null');
    expect((await sessions[0]!.client.post('/revoke-session', { token: handle })).body).toEqual({ status: true });
    expect(await sessionRow(h(), sessions[2]!.token)).toBeUndefined();
  });
});

describeEachDialect('POST /revoke-session', (h) => {
  it("with the raw token of another of the user's sessions answers {status: true} and deletes that session only", async () => {
    const { sessions } = await userWithThreeSessions(h);
    const [current, target, untouched] = sessions;
    const response = await current!.client.post('/revoke-session', { token: target!.token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: true });
    expect(await sessionRow(h(), target!.token)).toBeUndefined();
    expect(await sessionRow(h(), current!.token)).toBeDefined();
    expect(await sessionRow(h(), untouched!.token)).toBeDefined();
    expect(response.setCookies.has(TOKEN)).toBe(false);
    expect((await target!.client.get('/get-session?disableCookieCache=true')).text).toBe('null');
    expect((await current!.client.get('/get-session?disableCookieCache=true')).body.session.token).toBe(current!.token);
  });

  it('accepts the token value that list-sessions shows (the digest) and deletes that session', async () => {
    const { sessions } = await userWithThreeSessions(h);
    const [current, target] = sessions;
    const listed = await current!.client.get('/list-sessions');
    const targetRow = await sessionRow(h(), target!.token);
    const handle = listed.body.find((s: { id: string }) => s.id === targetRow!.id).token;
    const response = await current!.client.post('/revoke-session', { token: handle });
    expect(response.body).toEqual({ status: true });
    expect(await sessionRow(h(), target!.token)).toBeUndefined();
    expect(await sessionRow(h(), current!.token)).toBeDefined();
  });

  it("cannot revoke another user's session, by raw token or by digest: the row stays and the answer is still {status: true}", async () => {
    const attacker = await h().signUp();
    const victim = await h().signUp();
    for (const token of [victim.token, sha256Hex(victim.token)]) {
      const response = await attacker.client.post('/revoke-session', { token });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ status: true });
    }
    expect(await sessionRow(h(), victim.token)).toBeDefined();
    expect((await victim.client.get('/get-session?disableCookieCache=true')).body.session.token).toBe(victim.token);
  });

  it('revoking the current session deletes it and clears the cookies', async () => {
    const { client, token } = await h().signUp();
    const response = await client.post('/revoke-session', { token });
    expect(response.body).toEqual({ status: true });
    expect(await sessionRow(h(), token)).toBeUndefined();
    expect(response.setCookies.get(TOKEN)!.attributes['max-age']).toBe('0');
    expect(response.setCookies.get(DATA)!.attributes['max-age']).toBe('0');
    expect(client.cookies.size).toBe(0);
  });

  it('answers {status: true} for a token that names no session', async () => {
    const { client, token } = await h().signUp();
    const response = await client.post('/revoke-session', { token: 'no-such-token' });
    expect(response.body).toEqual({ status: true });
    expect(await sessionRow(h(), token)).toBeDefined();
  });

  it('answers 401 UNAUTHORIZED without a session and leaves the named session alone', async () => {
    const victim = await h().signUp();
    const response = await h().client().post('/revoke-session', { token: victim.token });
    expect(response.status).toBe(401);
    expect(response.body.code).toBe('UNAUTHORIZED');
    expect(await sessionRow(h(), victim.token)).toBeDefined();
  });

  it('answers 400 VALIDATION_ERROR without a token', async () => {
    const { client } = await h().signUp();
    const response = await client.post('/revoke-session', {});
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Invalid body parameters' });
    expect(response.body.details.map((d: { path: string }) => d.path)).toContain('token');
  });
});

describeEachDialect('POST /revoke-sessions', (h) => {
  it('deletes every session of the user, the current one included, clears the cookies and leaves other users alone', async () => {
    const { user, sessions } = await userWithThreeSessions(h);
    const stranger = await h().signUp();
    const response = await sessions[0]!.client.post('/revoke-sessions');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: true });
    expect(await sessionIdsOf(h, user.id)).toEqual([]);
    for (const name of [TOKEN, DATA, DONT_REMEMBER])
      expect(response.setCookies.get(name)!.attributes['max-age']).toBe('0');
    expect(sessions[0]!.client.cookies.size).toBe(0);
    for (const { client } of sessions)
      expect((await client.get('/get-session?disableCookieCache=true')).text).toBe('null');
    expect(await sessionRow(h(), stranger.token)).toBeDefined();
  });

  it('answers 401 UNAUTHORIZED without a session', async () => {
    const response = await h().client().post('/revoke-sessions');
    expect(response.status).toBe(401);
    expect(response.body.code).toBe('UNAUTHORIZED');
  });
});

describeEachDialect('POST /revoke-other-sessions', (h) => {
  it('deletes every session of the user but the current one, which keeps working', async () => {
    const { user, sessions } = await userWithThreeSessions(h);
    const stranger = await h().signUp();
    const [current, ...others] = sessions;
    const response = await current!.client.post('/revoke-other-sessions');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: true });
    const currentRow = await sessionRow(h(), current!.token);
    expect(await sessionIdsOf(h, user.id)).toEqual([currentRow!.id]);
    expect(response.setCookies.get(TOKEN)?.attributes['max-age']).not.toBe('0');
    expect((await current!.client.get('/get-session?disableCookieCache=true')).body.session.token).toBe(current!.token);
    for (const { client } of others)
      expect((await client.get('/get-session?disableCookieCache=true')).text).toBe('null');
    expect(await sessionRow(h(), stranger.token)).toBeDefined();
  });

  it('answers 401 UNAUTHORIZED without a session', async () => {
    const response = await h().client().post('/revoke-other-sessions');
    expect(response.status).toBe(401);
    expect(response.body.code).toBe('UNAUTHORIZED');
  });
});

describeEachDialect('POST /update-user', (h) => {
  it('updates name and image, answers {status: true}, and the next get-session shows the change at once', async () => {
    const { client, user } = await h().signUp();
    expect((await client.get('/get-session')).body.user.name).toBe('Test User');
    h().clock.advance(5);
    const response = await client.post('/update-user', { name: 'Renamed', image: 'https://img.example.com/a.png' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: true });
    expect(response.setCookies.get(DATA)!.attributes['max-age']).toBe('60');

    const row = await userRow(h, user.id);
    expect(row).toMatchObject({ name: 'Renamed', image: 'https://img.example.com/a.png' });
    expect(time(row.updatedAt)).toBe(h().clock.now().getTime());

    // Served from the rewritten cache: no database read is needed to see the change.
    const session = await client.get('/get-session');
    expect(session.setCookies.size).toBe(0);
    expect(session.body.user).toMatchObject({ name: 'Renamed', image: 'https://img.example.com/a.png' });
    expect(session.body.user.updatedAt).toBe(h().clock.now().toISOString());
  });

  it('ignores emailVerified, role, id and createdAt in the body', async () => {
    const { client, user } = await h().signUp();
    const before = await userRow(h, user.id);
    const response = await client.post('/update-user', {
      name: 'Only This',
      emailVerified: true,
      role: 'admin',
      id: 'chosen-id',
      createdAt: '2000-01-01T00:00:00.000Z',
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: true });
    const after = await userRow(h, user.id);
    expect(after.name).toBe('Only This');
    expect(after.email).toBe(before.email);
    expect(Boolean(after.emailVerified)).toBe(false);
    expect(time(after.createdAt)).toBe(time(before.createdAt));
    expect(after).not.toHaveProperty('role');
    const session = await client.get('/get-session');
    expect(session.body.user).toMatchObject({
      id: user.id,
      email: before.email,
      emailVerified: false,
      name: 'Only This',
    });
  });

  it('with only ignored fields answers {status: true} and changes nothing', async () => {
    const { client, user } = await h().signUp();
    const before = await userRow(h, user.id);
    const response = await client.post('/update-user', { emailVerified: true });
    expect(response.body).toEqual({ status: true });
    expect(await userRow(h, user.id)).toEqual(before);
  });

  it('with an email answers 400 EMAIL_CAN_NOT_BE_UPDATED and changes nothing, the name sent beside it included', async () => {
    const { client, user } = await h().signUp();
    const before = await userRow(h, user.id);
    const response = await client.post('/update-user', { name: 'Renamed', email: 'attacker@example.com' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ code: 'EMAIL_CAN_NOT_BE_UPDATED', message: 'Email can not be updated' });
    expect(await userRow(h, user.id)).toEqual(before);
  });

  it('clears the image when it is sent as null', async () => {
    const { client, user } = await h().signUp();
    await client.post('/update-user', { image: 'https://img.example.com/b.png' });
    const response = await client.post('/update-user', { image: null });
    expect(response.body).toEqual({ status: true });
    expect((await userRow(h, user.id)).image).toBeNull();
    expect((await client.get('/get-session')).body.user.image).toBeNull();
  });

  it('answers 400 VALIDATION_ERROR for a name over 256 or an image over 2048 characters and stores nothing', async () => {
    const { client, user } = await h().signUp();
    const before = await userRow(h, user.id);
    const tooLongName = await client.post('/update-user', { name: 'n'.repeat(257) });
    expectInvalidBody(tooLongName, ['name']);
    expectInvalidBody(await client.post('/update-user', { image: 'i'.repeat(2049) }), ['image']);
    expect(await userRow(h, user.id)).toEqual(before);
  });

  it('answers 401 UNAUTHORIZED without a session', async () => {
    const response = await h().client().post('/update-user', { name: 'Nobody' });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ code: 'UNAUTHORIZED', message: 'Unauthorized' });
  });

  it('when the updated user no longer fits the cookie cache, removes the cache so get-session shows the change at once', async () => {
    const longAgent = { headers: { 'user-agent': 'Agent/' + 'a'.repeat(506) } };
    const client = h().client();
    await client.post('/sign-up/email', { email: uniqueEmail(), password: PASSWORD, name: 'Small' }, longAgent);
    expect(client.cookies.has(DATA)).toBe(true);
    const image = 'https://img.example.com/' + 'i'.repeat(2048 - 24);
    const response = await client.post('/update-user', { name: 'L'.repeat(256), image }, longAgent);
    expect(response.body).toEqual({ status: true });
    expect(response.setCookies.get(DATA)).toMatchObject({ value: '', attributes: { 'max-age': '0' } });
    expect(client.cookies.has(DATA)).toBe(false);
    const session = await client.get('/get-session', longAgent);
    expect(session.body.user).toMatchObject({ name: 'L'.repeat(256), image });
  });

  it('never sets a cache cookie longer than 4093 characters as sent, as the user grows past the limit', async () => {
    const longAgent = { headers: { 'user-agent': 'Agent/' + 'a'.repeat(506) } };
    const client = h().client();
    await client.post('/sign-up/email', { email: uniqueEmail(), password: PASSWORD, name: 'Small' }, longAgent);
    let set = 0;
    let removed = 0;
    for (let length = 1900; length <= 2048; length += 1) {
      const response = await client.post('/update-user', { image: 'i'.repeat(length) }, longAgent);
      const cache = response.setCookies.get(DATA)!;
      if (cache.value) set += 1;
      else removed += 1;
      expect(cache.value.length).toBeLessThanOrEqual(4093);
    }
    expect(set).toBeGreaterThan(0);
    expect(removed).toBeGreaterThan(0);
  });
});

describeEachDialect('session calls through auth.api', (h) => {
  it('getSession reads the session from the cookie in the given headers', async () => {
    const { client, token, user } = await h().signUp();
    const result = await h().auth.api.getSession({ headers: { cookie: client.cookieHeader } });
    expect(result).not.toBeNull();
    expect(result!.session.token).toBe(token);
    expect(result!.session.userId).toBe(user.id);
    expect(result!.user.id).toBe(user.id);
  });

  it('getSession honours disableCookieCache given as a boolean', async () => {
    const { client, token } = await h().signUp();
    const headers = { cookie: client.cookieHeader };
    await h().auth.context.db.deleteFrom('session').where('token', '=', sha256Hex(token)).execute();
    expect((await h().auth.api.getSession({ headers }))!.session.token).toBe(token);
    expect(await h().auth.api.getSession({ headers, query: { disableCookieCache: true } })).toBeNull();
  });

  it('getSession without headers answers null', async () => {
    expect(await h().auth.api.getSession({})).toBeNull();
  });

  it('listSessions without a cookie throws an AuthError with code UNAUTHORIZED', async () => {
    const error = await h()
      .auth.api.listSessions({})
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthError);
    expect(error).toMatchObject({ code: 'UNAUTHORIZED', status: 401 });
  });

  it("listSessions with the cookie lists the user's sessions, the caller's own with its token and the others by digest", async () => {
    const { client, token, user } = await h().signUp();
    const other = await h().client().post('/sign-in/email', { email: user.email, password: PASSWORD });
    const sessions = await h().auth.api.listSessions({ headers: { cookie: client.cookieHeader } });
    expect(sessions.map((s) => s.token).sort()).toEqual([token, sha256Hex(other.body.token)].sort());
  });

  it('updateUser and revokeOtherSessions act for the session in the headers', async () => {
    const email = uniqueEmail();
    const { client, token, user } = await h().signUp(email);
    const other = await h().client().post('/sign-in/email', { email, password: PASSWORD });
    const headers = { cookie: client.cookieHeader };
    expect(await h().auth.api.updateUser({ body: { name: 'From the server' }, headers })).toEqual({ status: true });
    expect((await userRow(h, user.id)).name).toBe('From the server');
    expect(await h().auth.api.revokeOtherSessions({ headers })).toEqual({ status: true });
    expect(await sessionRow(h(), other.body.token)).toBeUndefined();
    expect(await sessionRow(h(), token)).toBeDefined();
  });
});
