/**
 * The plugin contract, through the tests' own small plugin (support/profile-plugin.ts): columns added to user and
 * session come back typed everywhere (sign-up, get-session from the database and from the cookie
 * cache), body fields reach the plugin's userInput hook and only what it returns is stored, and
 * beforeCreateSession can refuse every way of starting a session, and interceptSignIn can answer a
 * password sign-in in its session's stead, and the plugin's own event reaches the observers typed; the
 * engine's operations on core rows (updateUser, updateSessions) keep the cookie caches and the core
 * columns theirs.
 */
import { expect, expectTypeOf, it } from 'vitest';
import type { AuthEvent, AuthEventType, AuthEventTypeOf, CoreEventType } from '../src';
import type { AuthContext } from '../src/auth/context';
import { defineEndpoint, type PluginHooks, type PluginHost } from '../src/plugin';
import { describeEachDialect, uniqueEmail } from './support/harness';
import { BLOCKED_NICKNAME, HELD_NICKNAME, profilePlugin, profileSchema as profile } from './support/profile-plugin';

const events: AuthEvent[] = [];

it("hands plugins a PluginHost: the engine's context, without its handles and raw writes to core rows", () => {
  expectTypeOf<AuthContext>().toExtend<PluginHost>();
  for (const member of ['db', 'revocations', 'hooks', 'events', 'tokenCipher', 'providerAccounts'] as const) {
    expectTypeOf<PluginHost>().not.toHaveProperty(member);
  }
  expectTypeOf<PluginHost['users']>().not.toHaveProperty('update');
  expectTypeOf<PluginHost['users']>().not.toHaveProperty('delete');
  expectTypeOf<PluginHost['sessions']>().not.toHaveProperty('updateFields');
  expectTypeOf<Parameters<NonNullable<PluginHooks['afterUserCreated']>>[1]>().toEqualTypeOf<PluginHost>();
  defineEndpoint({
    id: 'probe',
    method: 'GET',
    path: '/probe',
    async handler(ctx) {
      expectTypeOf(ctx.auth).toEqualTypeOf<PluginHost>();
    },
  });
});

describeEachDialect(
  'the plugin contract',
  (h) => {
    it('stores what the userInput hook returns and answers the plugin columns typed, with their defaults', async () => {
      const client = h().client();
      const response = await client.post('/sign-up/email', {
        name: 'P',
        email: uniqueEmail('plugin'),
        password: 'correct horse battery',
        nickname: '  Zed ',
        vip: true,
      });
      expect(response.status).toBe(200);
      // `vip` is not a body field of any plugin: stripped, so its column keeps the default.
      expect(response.body.user).toMatchObject({ nickname: 'zed', vip: false, flaggedAt: '2026-01-02T03:04:05.000Z' });
      const row = profile.user((await h().auth.context.users.findById(response.body.user.id))!);
      expect(row.flaggedAt).toEqual(new Date('2026-01-02T03:04:05.000Z'));
      expect(row.vip).toBe(false);
    });

    it('answers the plugin columns from the database and from the cookie cache alike, with session columns too', async () => {
      const client = h().client();
      await client.post('/sign-up/email', {
        name: 'P',
        email: uniqueEmail('plugin'),
        password: 'correct horse battery',
        nickname: 'cache',
      });
      const fromCache = await client.get('/get-session');
      const fromDatabase = await client.get('/get-session?disableCookieCache=true');
      expect(fromCache.body.user).toMatchObject({
        nickname: 'cache',
        vip: false,
        flaggedAt: '2026-01-02T03:04:05.000Z',
      });
      expect(fromDatabase.body.user).toEqual(fromCache.body.user);
      expect(fromDatabase.body.session.device).toBeNull();
      const current = await h().auth.api.getSession({ headers: { cookie: client.cookieHeader } });
      expect(profile.user(current!.user).flaggedAt).toBeInstanceOf(Date);
    });

    it('refuses through the plugin its own fields, and stores nothing', async () => {
      const email = uniqueEmail('plugin');
      const response = await h()
        .client()
        .post('/sign-up/email', { name: 'P', email, password: 'correct horse battery', nickname: 'x' });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ code: 'NICKNAME_IS_TOO_SHORT', message: 'nickname is too short' });
      expect(await h().auth.context.users.findByEmail(email)).toBeNull();
    });

    it('lets update-user change a plugin field through the hook', async () => {
      const { client, user } = await h().signUp();
      expect((await client.post('/update-user', { nickname: 'Renamed' })).body).toEqual({ status: true });
      expect(profile.user((await h().auth.context.users.findById(user.id))!).nickname).toBe('renamed');
      expect((await client.get('/get-session')).body.user.nickname).toBe('renamed');
      expect((await client.post('/update-user', { nickname: '' })).status).toBe(400);
    });

    it('lets beforeCreateSession refuse sign-up and sign-in alike, creating no session', async () => {
      const email = uniqueEmail('blocked');
      const signUp = await h()
        .client()
        .post('/sign-up/email', { name: 'B', email, password: 'correct horse battery', nickname: BLOCKED_NICKNAME });
      expect(signUp.status).toBe(403);
      expect(signUp.body).toEqual({ code: 'YOU_ARE_BLOCKED', message: 'You are blocked' });
      const signIn = await h().client().post('/sign-in/email', { email, password: 'correct horse battery' });
      expect(signIn.status).toBe(403);
      const user = await h().auth.context.users.findByEmail(email);
      expect(await h().auth.context.sessions.listByUser(user!.id, h().clock.now())).toEqual([]);
    });

    it("lets interceptSignIn answer a password sign-in in its session's stead, creating no session", async () => {
      const email = uniqueEmail('held');
      await h()
        .client()
        .post('/sign-up/email', { name: 'H', email, password: 'correct horse battery', nickname: HELD_NICKNAME });
      const signIn = await h().client().post('/sign-in/email', { email, password: 'correct horse battery' });
      expect(signIn.status).toBe(200);
      expect(signIn.body).toEqual({ held: true, method: 'email' });
      expect(signIn.setCookies.has('latchkey.session_token')).toBe(false);
      const user = await h().auth.context.users.findByEmail(email);
      // Only the sign-up's session: the intercepted sign-in made none.
      expect(await h().auth.context.sessions.listByUser(user!.id, h().clock.now())).toHaveLength(1);
      // A wrong password is refused before any plugin sees the sign-in.
      expect((await h().client().post('/sign-in/email', { email, password: 'not the password' })).status).toBe(401);
    });

    it("updates the current session's own columns, row and cookie cache together", async () => {
      const { client } = await h().signUp();
      const set = await client.post('/test-profile/device', { device: 'laptop' });
      expect(set.body).toEqual({ device: 'laptop' });
      // The cache the answer rewrote says it as the row does, with no database read.
      expect((await client.get('/get-session')).body.session.device).toBe('laptop');
      expect((await client.get('/get-session?disableCookieCache=true')).body.session.device).toBe('laptop');
      await client.post('/test-profile/device', { device: null });
      expect((await client.get('/get-session')).body.session.device).toBeNull();
    });

    it('tells the observers the event the plugin declares, with its type in the registry and the auth’s', async () => {
      const { client, user } = await h().signUp();
      await client.post('/test-profile/device', { device: 'phone' });
      // Narrowing on the plugin's type compiles only if the registry merged it.
      const told = events.filter((event) => event.type === 'profile-device-set' && event.userId === user.id);
      expect(told).toEqual([
        expect.objectContaining({ outcome: 'success', actorUserId: user.id, detail: { device: 'phone' } }),
      ]);
      expectTypeOf<'profile-device-set'>().toExtend<AuthEventType>();
      expectTypeOf<AuthEventTypeOf<[typeof profilePlugin]>>().toEqualTypeOf<CoreEventType | 'profile-device-set'>();
    });

    it("changes another user's row through the engine, every cookie cache of it dropped", async () => {
      const { client, user } = await h().signUp();
      expect((await client.get('/get-session')).body.user.vip).toBe(false);
      const context = h().auth.context;
      const updated = await profile.updateUser(context, user.id, { vip: true, updatedAt: h().clock.now() });
      expect(updated?.vip).toBe(true);
      // The cache the browser holds is no longer believed: the answer is the row's.
      expect((await client.get('/get-session')).body.user.vip).toBe(true);
      expect(await profile.updateUser(context, 'no-such-user', { vip: true, updatedAt: h().clock.now() })).toBeNull();
    });

    it("sets its own columns of other users' sessions, and no core column", async () => {
      const { client, user } = await h().signUp();
      const context = h().auth.context;
      const db = profile.db(context);
      await profile.updateSessions(context, db, { userId: user.id }, { device: 'kiosk' });
      expect((await client.get('/get-session?disableCookieCache=true')).body.session.device).toBe('kiosk');
      await profile.updateSessions(context, db, { device: 'kiosk', userId: user.id }, { device: null });
      expect((await client.get('/get-session?disableCookieCache=true')).body.session.device).toBeNull();
      const core = { expiresAt: h().clock.now() } as unknown as { device: string };
      await expect(profile.updateSessions(context, db, { userId: user.id }, core)).rejects.toThrow(
        /not a session field/,
      );
      await expect(profile.updateSessions(context, db, {}, { device: 'all' })).rejects.toThrow(/which sessions/);
    });
  },
  { plugins: [profilePlugin], observers: [{ event: (event) => void events.push(event) }] },
);
