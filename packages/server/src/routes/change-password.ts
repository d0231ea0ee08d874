/**
 * @module POST /change-password: not built yet (account lifecycle issue).
 */
import { defineEndpoint } from '../endpoint';
import { AuthError, ERRORS } from '../errors';

export const changePassword = defineEndpoint({
  id: 'changePassword',
  method: 'POST',
  path: '/change-password',
  async handler() {
    throw new AuthError(ERRORS.notFound);
  },
});
