/**
 * @module GET /reset-password/:token: not built yet (account lifecycle issue).
 */
import { defineEndpoint } from '../endpoint';
import { AuthError, ERRORS } from '../errors';

export const resetPasswordCallback = defineEndpoint({
  id: 'resetPasswordCallback',
  method: 'GET',
  path: '/reset-password/:token',
  async handler() {
    throw new AuthError(ERRORS.notFound);
  },
});
