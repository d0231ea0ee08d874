/**
 * @module GET /ok: liveness.
 */
import { defineEndpoint } from '../endpoint';

export const ok = defineEndpoint({
  id: 'ok',
  method: 'GET',
  path: '/ok',
  async handler() {
    return { ok: true };
  },
});
