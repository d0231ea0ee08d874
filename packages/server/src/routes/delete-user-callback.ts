/**
 * @module GET /delete-user/callback: not built yet (account lifecycle issue).
 */
import { defineEndpoint } from '../endpoint';
import { AuthError, ERRORS } from '../errors';

export const deleteUserCallback = defineEndpoint({
  id: 'deleteUserCallback',
  method: 'GET',
  path: '/delete-user/callback',
  async handler() {
    throw new AuthError(ERRORS.notFound);
  },
});
