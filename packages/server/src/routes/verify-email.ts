/**
 * @module GET /verify-email: not built yet (account lifecycle issue).
 */
import { defineEndpoint } from '../endpoint';
import { AuthError, ERRORS } from '../errors';

export const verifyEmail = defineEndpoint({
  id: 'verifyEmail',
  method: 'GET',
  path: '/verify-email',
  async handler() {
    throw new AuthError(ERRORS.notFound);
  },
});
