/**
 * @module POST /unlink-account: not built yet (account lifecycle issue).
 */
import { defineEndpoint } from '../endpoint';
import { AuthError, ERRORS } from '../errors';

export const unlinkAccount = defineEndpoint({
  id: 'unlinkAccount',
  method: 'POST',
  path: '/unlink-account',
  async handler() {
    throw new AuthError(ERRORS.notFound);
  },
});
