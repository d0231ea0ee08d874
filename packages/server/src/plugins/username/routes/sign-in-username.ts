/**
 * @module POST /sign-in/username: e-mail sign-in's answer and guarantees (`passwordSignIn`: same
 * 401 and same Argon2 work for an unknown username and a wrong password, per-account throttling,
 * e-mail verification, banned users refused) with the username as the identifier.
 */
import { z } from 'zod';
import {
  AuthError,
  CREDENTIAL_FORM,
  ERRORS,
  defineEndpoint,
  passwordField,
  passwordSignIn,
  redirectUrl,
  signInResponse,
} from '../../../plugin';
import { USERNAME_ERRORS } from '../errors';
import type { UsernameRules } from '../options';
import { checkUsername, normalizeUsername } from '../rules';

const body = z.object({
  username: z.string(),
  password: passwordField,
  rememberMe: z.boolean().optional(),
  /** Where the verification link sent to an unverified user leads, and the `url` of the answer. */
  callbackURL: redirectUrl(ERRORS.invalidCallbackURL).optional(),
});

export function signInUsername(rules: UsernameRules) {
  return defineEndpoint({
    id: 'signInUsername',
    method: 'POST',
    path: '/sign-in/username',
    summary: 'Sign in with username and password',
    response: signInResponse,
    errors: [
      ERRORS.emailAndPasswordNotEnabled,
      USERNAME_ERRORS.invalidUsernameOrPassword,
      ERRORS.emailNotVerified,
      ERRORS.failedToCreateSession,
    ],
    body,
    ...CREDENTIAL_FORM,
    async handler(ctx) {
      const { auth, body } = ctx;
      // A password sign-in like any other: off when e-mail and password sign-in is off.
      if (!auth.options.emailAndPassword.enabled) throw new AuthError(ERRORS.emailAndPasswordNotEnabled);
      // better-auth's order: an empty username is a failed sign-in, then the rules (which tell
      // nothing about accounts: no account can hold a username they refuse), then the lookup.
      if (body.username === '') throw new AuthError(USERNAME_ERRORS.invalidUsernameOrPassword);
      checkUsername(rules, body.username);
      const username = normalizeUsername(body.username);

      return passwordSignIn(ctx, {
        find: () => auth.users.findWithPasswordBy('username', username),
        throttleKey: `username:${username}`,
        failure: USERNAME_ERRORS.invalidUsernameOrPassword,
        method: 'username',
        body,
      });
    },
  });
}
