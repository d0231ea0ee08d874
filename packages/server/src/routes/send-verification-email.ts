/**
 * @module POST /send-verification-email: not built yet (account lifecycle issue).
 */
import { defineEndpoint } from '../endpoint';
import { AuthError, ERRORS } from '../errors';

export const sendVerificationEmail = defineEndpoint({
  id: 'sendVerificationEmail',
  method: 'POST',
  path: '/send-verification-email',
  async handler() {
    throw new AuthError(ERRORS.notFound);
  },
});
