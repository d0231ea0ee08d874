/**
 * @module The username fields of sign-up and update-user: checked against the rules, the username
 * lower-cased, `displayUsername` defaulting to the username as typed, and a username held by
 * another user refused. A parallel request can still take it between this check and the write;
 * then the unique index refuses the write and the engine runs this check again, which names it.
 */
import { z } from 'zod';
import { AuthError, DEFAULTS, type PluginHooks } from '../../plugin';
import { USERNAME_ERRORS } from './errors';
import type { UsernameRules } from './options';
import { checkUsername, normalizeUsername } from './rules';
import { findUsernameOwner } from './store';

/**
 * Added to the sign-up and update-user bodies. No length bound on `username`: the rules answer
 * `username is too long` rather than a bare VALIDATION_ERROR. `displayUsername` is free text
 * (better-auth validates it only with a configured validator), bounded like a name.
 */
export const usernameBodyFields = {
  username: z.string().optional(),
  displayUsername: z.string().max(DEFAULTS.maxNameLength).optional(),
};

export function usernameUserInput(rules: UsernameRules): NonNullable<PluginHooks['userInput']> {
  return async (input, { auth, userId }) => {
    const display =
      typeof input.displayUsername === 'string' && input.displayUsername !== '' ? input.displayUsername : undefined;
    // As better-auth 1.7: a displayUsername sent alone is the username too. Unlike better-auth,
    // it then passes the same rules, so no username is ever stored that the rules refuse.
    const typed = typeof input.username === 'string' ? input.username : display;
    if (typed === undefined) return {};
    checkUsername(rules, typed);
    const username = normalizeUsername(typed);
    const owner = await findUsernameOwner(auth, username);
    // On update, keeping one's own username (in any case) is no conflict.
    if (owner !== null && owner !== userId) throw new AuthError(USERNAME_ERRORS.usernameIsAlreadyTaken);
    return { username, displayUsername: display ?? typed };
  };
}
