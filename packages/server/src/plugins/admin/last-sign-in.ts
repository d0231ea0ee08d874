/**
 * @module When each user last signed in (`adminLastSignIn`, schema.ts), kept by the plugin's `event`
 * hook: every way in ends in a `sign-in` success event (finishSignIn: password, username, social,
 * passkey, a second factor, a verification link) or, for an e-mail sign-up that opens a session,
 * a `sign-up` success with `detail.signedIn`. Written as background work (the hook may not wait),
 * so shutdown waits for it and a failure is logged, never answered.
 */
import { sql } from 'kysely';
import { isoDate, type AuthEvent, type PluginHost } from '../../plugin';
import { adminSchema } from './schema';

/** The answers' field (list-users, get-user, the CSV export): a Latchkey extension of better-auth's user. */
export const lastSignInAtResponse = isoDate.nullable().meta({
  description: 'When the user last signed in; null if never since the admin plugin kept it. A Latchkey extension.',
});

export const LAST_SIGN_IN_WRITE_FAILED = 'admin: could not record a last sign-in';

/**
 * The user an event shows signing in, or null. An event whose actor is not its user is not the
 * user's sign-in: an admin impersonating acts through the user's account (events/event-actor.ts
 * names the admin as actor), and "last sign-in" must tell the admin when the user was last there,
 * not when an admin looked (docs/decisions.md, "Last sign-in").
 */
export function signedInUserOf(event: AuthEvent): string | null {
  if (event.outcome !== 'success' || !event.userId) return null;
  if (event.actorUserId !== event.userId) return null;
  if (event.type === 'sign-in') return event.userId;
  if (event.type === 'sign-up' && event.detail?.signedIn === true) return event.userId;
  return null;
}

/**
 * Upserts the row, never moving it back in time: two sign-ins' writes may land out of order.
 * An ISO text (SQLite) compares as its instant does, so `>`/greatest order the dates everywhere.
 */
export async function recordLastSignIn(auth: PluginHost, userId: string, at: Date): Promise<void> {
  const insert = adminSchema.db(auth).insertInto('adminLastSignIn').values({ userId, at });
  if (auth.dialect === 'mysql') {
    await insert
      .onDuplicateKeyUpdate({ at: sql<Date>`greatest(${sql.ref('at')}, values(${sql.ref('at')}))` })
      .execute();
    return;
  }
  await insert
    .onConflict((conflict) =>
      conflict
        .column('userId')
        .doUpdateSet({ at: (eb) => eb.ref('excluded.at') })
        .where('adminLastSignIn.at', '<', (eb) => eb.ref('excluded.at')),
    )
    .execute();
}

/** The plugin's `event` hook. */
export function lastSignInObserver(event: AuthEvent, auth: PluginHost): void {
  const userId = signedInUserOf(event);
  if (userId === null) return;
  auth.background.run(LAST_SIGN_IN_WRITE_FAILED, () => recordLastSignIn(auth, userId, event.at));
}

/** The user's last sign-in, or null. */
export async function readLastSignIn(auth: PluginHost, userId: string): Promise<Date | null> {
  const row = await adminSchema
    .db(auth)
    .selectFrom('adminLastSignIn')
    .select('at')
    .where('userId', '=', userId)
    .executeTakeFirst();
  return row ? new Date(row.at) : null;
}
