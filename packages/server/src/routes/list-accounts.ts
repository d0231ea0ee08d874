/**
 * @module GET /list-accounts: not built yet (account lifecycle issue).
 */
import { defineEndpoint } from '../endpoint';
import { AuthError, ERRORS } from '../errors';

export const listAccounts = defineEndpoint({
  id: 'listAccounts',
  method: 'GET',
  path: '/list-accounts',
  async handler() {
    throw new AuthError(ERRORS.notFound);
  },
});
