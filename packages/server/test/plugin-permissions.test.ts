/**
 * The contract's `sessionHasPermission`: a plugin's route asks whether the session's user holds a
 * permission in another plugin's access control (the `hasPermission` hook) without importing it.
 * The first plugin that answers decides; a plugin with no say is skipped; no answer is a refusal.
 */
import { expect, it } from 'vitest';
import { z } from 'zod';
import { definePlugin, defineEndpoint, sessionHasPermission } from '../src/plugin';
import { describeEachDialect } from './support/harness';

const probe = defineEndpoint({
  id: 'probePermission',
  method: 'GET',
  path: '/probe-permission',
  query: z.object({ resource: z.string() }),
  session: 'required',
  async handler({ auth, session, query }) {
    return { allowed: await sessionHasPermission(auth, session, { [query.resource]: ['read'] }) };
  },
});

const asker = definePlugin({ id: 'asker', endpoints: [probe] });
// Has no say over anything: must not decide for the plugin after it.
const silent = definePlugin({ id: 'silent', hooks: { hasPermission: async () => undefined } });
// Grants `thing: read` to users named Reader, and refuses everything else.
const keeper = definePlugin({
  id: 'keeper',
  hooks: {
    hasPermission: async (current, permissions) =>
      current.user.name === 'Reader' && Object.keys(permissions).every((resource) => resource === 'thing'),
  },
});

describeEachDialect(
  'a permission asked of another plugin',
  (h) => {
    it("is the answering plugin's, past one that has no say", async () => {
      const reader = await h().signUp(undefined, undefined, 'Reader');
      expect((await reader.client.get('/probe-permission?resource=thing')).body).toEqual({ allowed: true });
      expect((await reader.client.get('/probe-permission?resource=other')).body).toEqual({ allowed: false });
      const someone = await h().signUp(undefined, undefined, 'Someone');
      expect((await someone.client.get('/probe-permission?resource=thing')).body).toEqual({ allowed: false });
    });
  },
  { plugins: [asker, silent, keeper] },
);

describeEachDialect(
  'a permission no plugin answers',
  (h) => {
    it('is refused', async () => {
      const reader = await h().signUp(undefined, undefined, 'Reader');
      expect((await reader.client.get('/probe-permission?resource=thing')).body).toEqual({ allowed: false });
    });
  },
  { plugins: [asker, silent] },
);
