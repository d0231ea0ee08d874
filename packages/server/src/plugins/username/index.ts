/**
 * @module The username plugin (SPEC §3, §5, §7, §8): a unique, lower-cased `username` and a
 * `displayUsername` on every user, accepted by sign-up and update-user; POST /sign-in/username and
 * POST /is-username-available. It uses the engine only through the contract (`src/plugin`).
 */
import { definePlugin } from '../../plugin';
import { USERNAME_ERRORS } from './errors';
import { USERNAME_DEFAULTS, resolveUsernameRules, type UsernameOptions } from './options';
import { isUsernameAvailable } from './routes/is-username-available';
import { signInUsername } from './routes/sign-in-username';
import { usernameMigration } from './migrations/0100-username';
import { usernameSchema } from './schema';
import { usernameBodyFields, usernameUserInput } from './user-input';

export { USERNAME_DEFAULTS, USERNAME_ERRORS, type UsernameOptions };

export function usernamePlugin(options: UsernameOptions = {}) {
  const rules = resolveUsernameRules(options);
  return definePlugin({
    id: 'username',
    errors: USERNAME_ERRORS,
    endpoints: [signInUsername(rules), isUsernameAvailable(rules)],
    migrations: [usernameMigration],
    fields: usernameSchema.fields,
    bodyFields: { signUpEmail: usernameBodyFields, updateUser: usernameBodyFields },
    hooks: { userInput: usernameUserInput(rules) },
  });
}
