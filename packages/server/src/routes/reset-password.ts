/**
 * @module POST /reset-password: not built yet (account lifecycle issue).
 */
import { defineEndpoint } from '../endpoint';
import { AuthError, ERRORS } from '../errors';

export const resetPassword = defineEndpoint({
  id: 'resetPassword',
  method: 'POST',
  path: '/reset-password',
  async handler() {
    throw new AuthError(ERRORS.notFound);
  },
});
