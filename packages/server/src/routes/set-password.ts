/**
 * @module POST /set-password: not built yet (account lifecycle issue).
 */
import { defineEndpoint } from '../endpoint';
import { AuthError, ERRORS } from '../errors';

export const setPassword = defineEndpoint({
  id: 'setPassword',
  method: 'POST',
  path: '/set-password',
  async handler() {
    throw new AuthError(ERRORS.notFound);
  },
});
