/**
 * @module The plugin's one query of its own: who holds a username. Sign-in reads the user and its
 * password through the engine's `users.findWithPasswordBy('username', …)`, the query e-mail
 * sign-in uses.
 */
import type { PluginHost } from '../../plugin';
import { usernameSchema } from './schema';

/** The id of the user holding `username` (already normalised), or null when it is free. */
export async function findUsernameOwner(auth: PluginHost, username: string): Promise<string | null> {
  const row = await usernameSchema
    .db(auth)
    .selectFrom('user')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirst();
  return row?.id ?? null;
}
