/**
 * @module POST /forget-password and POST /request-password-reset: not built yet (account lifecycle issue).
 */
import { defineEndpoint } from '../endpoint';
import { AuthError, ERRORS } from '../errors';

export const forgetPassword = defineEndpoint({
  id: 'forgetPassword',
  method: 'POST',
  path: '/forget-password',
  async handler() {
    throw new AuthError(ERRORS.notFound);
  },
});

export const requestPasswordReset = defineEndpoint({
  id: 'requestPasswordReset',
  method: 'POST',
  path: '/request-password-reset',
  async handler() {
    throw new AuthError(ERRORS.notFound);
  },
});
