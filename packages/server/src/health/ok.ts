/**
 * @module GET /ok: liveness.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint/define-endpoint';

export const ok = defineEndpoint({
  id: 'ok',
  method: 'GET',
  path: '/ok',
  summary: 'Health check',
  response: z.object({ ok: z.boolean() }),
  async handler() {
    return { ok: true };
  },
});
