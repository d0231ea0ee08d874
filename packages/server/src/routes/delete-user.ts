/**
 * @module POST /delete-user: not built yet (account lifecycle issue).
 */
import { defineEndpoint } from '../endpoint';
import { AuthError, ERRORS } from '../errors';

export const deleteUser = defineEndpoint({
  id: 'deleteUser',
  method: 'POST',
  path: '/delete-user',
  async handler() {
    throw new AuthError(ERRORS.notFound);
  },
});
