/**
 * @module A small plugin of the tests' own, for the engine suites that need one: it uses every part
 * of the plugin contract (migrations, user and session columns, body fields, endpoints, an error
 * catalogue, an event of its own, the userInput, interceptSignIn and beforeCreateSession hooks) and nothing of a bundled plugin, so that
 * deleting a bundled plugin breaks only its own test folder.
 */
import { sql } from 'kysely';
import { z } from 'zod';
import {
  AuthError,
  defineEndpoint,
  defineErrors,
  definePlugin,
  definePluginSchema,
  emitEvent,
  type DeclaredEvents,
} from '../../src';
import type { Harness } from './harness';

export const PROFILE_ERRORS = defineErrors({
  nicknameTooShort: [400, 'nickname is too short'],
  blocked: [403, 'You are blocked'],
});

/** Its events, added to the engine's registry as a plugin outside the engine's package does. */
export const PROFILE_EVENTS = ['profile-device-set'] as const;

declare module '../../src' {
  interface AuthEventRegistry extends DeclaredEvents<typeof PROFILE_EVENTS> {}
}

/** The nickname whose password sign-ins `interceptSignIn` answers in the session's stead. */
export const HELD_NICKNAME = 'held';

/** The nickname whose owner `beforeCreateSession` refuses every session. */
export const BLOCKED_NICKNAME = 'blocked';

export const profileSchema = definePluginSchema()({
  user: { nickname: 'string', vip: { type: 'boolean', notNull: true }, flaggedAt: 'date' },
  session: { device: 'string' },
});

const setDevice = defineEndpoint({
  id: 'setDevice',
  method: 'POST',
  path: '/test-profile/device',
  summary: 'Set the device (test)',
  body: z.object({ device: z.string().nullable() }),
  session: 'required',
  async handler(ctx) {
    await profileSchema.updateCurrentSession(ctx, { device: ctx.body.device });
    const userId = ctx.session.user.id;
    emitEvent(ctx, 'profile-device-set', { userId, actorUserId: userId, detail: { device: ctx.body.device } });
    return { device: profileSchema.session(ctx.session.session).device };
  },
});

const normalizeNickname = defineEndpoint({
  id: 'normalizeNickname',
  method: 'POST',
  path: '/test-profile/normalize-nickname',
  summary: 'Normalize a nickname (test)',
  body: z.object({ nickname: z.string() }),
  async handler(ctx) {
    return { nickname: ctx.body.nickname.trim().toLowerCase() };
  },
});

/** Changes the session (and so queues its cookie cache), then refuses: the answer carries both. */
const forgetDeviceAndRefuse = defineEndpoint({
  id: 'forgetDeviceAndRefuse',
  method: 'POST',
  path: '/test-profile/forget-device-and-refuse',
  summary: 'Forget the device and refuse (test)',
  session: 'required',
  async handler(ctx): Promise<never> {
    await profileSchema.updateCurrentSession(ctx, { device: null });
    throw new AuthError(PROFILE_ERRORS.blocked);
  },
});

export const profilePlugin = definePlugin({
  id: 'test-profile',
  migrations: [
    {
      name: '0900-test-profile',
      async up(db, t) {
        await db.schema.alterTable('user').addColumn('nickname', t.key).execute();
        await db.schema
          .alterTable('user')
          .addColumn('vip', t.bool, (c) => c.notNull().defaultTo(sql.lit(false)))
          .execute();
        await db.schema.alterTable('user').addColumn('flaggedAt', t.date).execute();
        await db.schema.alterTable('session').addColumn('device', t.text).execute();
      },
    },
  ],
  endpoints: [setDevice, normalizeNickname, forgetDeviceAndRefuse],
  fields: profileSchema.fields,
  bodyFields: {
    signUpEmail: { nickname: z.string().max(50).optional() },
    updateUser: { nickname: z.string().max(50).optional() },
  },
  errors: PROFILE_ERRORS,
  events: PROFILE_EVENTS,
  hooks: {
    async userInput(input) {
      if (input.nickname === undefined) return {};
      const nickname = String(input.nickname).trim();
      if (nickname.length < 2) throw new AuthError(PROFILE_ERRORS.nicknameTooShort);
      return { nickname: nickname.toLowerCase(), flaggedAt: new Date('2026-01-02T03:04:05.000Z') };
    },
    async interceptSignIn({ user, method }) {
      return profileSchema.user(user).nickname === HELD_NICKNAME ? { held: true, method } : undefined;
    },
    async beforeCreateSession(user) {
      if (profileSchema.user(user).nickname === BLOCKED_NICKNAME) throw new AuthError(PROFILE_ERRORS.blocked);
    },
  },
});

/** Gives a stored user the nickname `beforeCreateSession` refuses: no new session from then on. */
export async function blockUser(h: Harness, userId: string): Promise<void> {
  await profileSchema
    .db(h.auth.context)
    .updateTable('user')
    .set({ nickname: BLOCKED_NICKNAME })
    .where('id', '=', userId)
    .execute();
}
