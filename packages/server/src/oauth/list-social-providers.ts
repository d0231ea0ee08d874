/**
 * @module GET /social-providers: the providers this server signs in with, as `[{id, name}]` in the
 * order they were configured, so that a sign-in page shows a button for each without being told
 * twice. No session needed (the sign-in page asks before anyone is signed in); nothing secret
 * leaves: credentials and endpoints stay in the provider values. Not a better-auth route: its
 * clients are configured with their providers instead.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint/define-endpoint';

export const listSocialProviders = defineEndpoint({
  id: 'listSocialProviders',
  method: 'GET',
  path: '/social-providers',
  summary: 'List the configured social providers',
  response: z.array(z.object({ id: z.string(), name: z.string() })),
  async handler({ auth }) {
    return [...auth.options.socialProviders.values()].map((provider) => ({ id: provider.id, name: provider.name }));
  },
});
