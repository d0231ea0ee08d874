/**
 * @module POST /change-email: not built yet (account lifecycle issue).
 */
import { defineEndpoint } from '../endpoint';
import { AuthError, ERRORS } from '../errors';

export const changeEmail = defineEndpoint({
  id: 'changeEmail',
  method: 'POST',
  path: '/change-email',
  async handler() {
    throw new AuthError(ERRORS.notFound);
  },
});
