/**
 * @module POST /is-username-available {username} → {available}, which better-auth 1.7 clients
 * call while a user types. As there, a username the rules refuse is answered with the rule's
 * error, not `available: false`, so a form can say why.
 */
import { z } from 'zod';
import { AuthError, defineEndpoint } from '../../../plugin';
import { USERNAME_ERRORS } from '../errors';
import type { UsernameRules } from '../options';
import { checkUsername, normalizeUsername } from '../rules';
import { findUsernameOwner } from '../store';

const body = z.object({ username: z.string() });

export function isUsernameAvailable(rules: UsernameRules) {
  return defineEndpoint({
    id: 'isUsernameAvailable',
    method: 'POST',
    path: '/is-username-available',
    summary: 'Check whether a username is free',
    response: z.object({ available: z.boolean() }),
    errors: [USERNAME_ERRORS.usernameIsInvalid],
    body,
    async handler({ auth, body }) {
      // better-auth answers an empty username `username is invalid` before the length rules.
      if (body.username === '') throw new AuthError(USERNAME_ERRORS.usernameIsInvalid);
      checkUsername(rules, body.username);
      const owner = await findUsernameOwner(auth, normalizeUsername(body.username));
      return { available: owner === null };
    },
  });
}
