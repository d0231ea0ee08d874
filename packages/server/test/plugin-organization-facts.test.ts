/**
 * The contract's `userOrganizations`: a plugin learns a user's organizations, and the one the
 * session acts for, from whichever plugin keeps them (the `organizationFacts` hook) without
 * importing it. The first plugin that answers decides; a plugin with no say is skipped; with none
 * there are no organizations (null), and `keepsOrganizations` says so without asking.
 */
import { expect, it } from 'vitest';
import { definePlugin, defineEndpoint, keepsOrganizations, userOrganizations } from '../src/plugin';
import { describeEachDialect } from './support/harness';
import { z } from 'zod';

const probe = defineEndpoint({
  id: 'probeOrganizations',
  method: 'GET',
  path: '/probe-organizations',
  session: 'required',
  response: z.unknown(),
  async handler({ auth, session }) {
    const facts = await userOrganizations(auth, session.user.id, session);
    return {
      kept: keepsOrganizations(auth),
      facts: facts && {
        memberships: facts.memberships.map(({ id, role }) => ({ id, role })),
        active: facts.active?.id ?? null,
        mayUpdate: facts.memberships.map((m) => m.grants({ organization: ['update'] })),
      },
    };
  },
});

const asker = definePlugin({ id: 'asker', endpoints: [probe] });
const silent = definePlugin({ id: 'silent', hooks: { organizationFacts: async () => undefined } });
// Every user owns "acme" (active) and is a plain member of "globex".
const keeper = definePlugin({
  id: 'keeper',
  hooks: {
    organizationFacts: async (_userId, session) => {
      const acme = { id: 'acme', slug: 'acme', name: 'Acme', role: 'owner', grants: () => true };
      const globex = { id: 'globex', slug: 'globex', name: 'Globex', role: 'member', grants: () => false };
      return { memberships: [acme, globex], active: session ? acme : null };
    },
  },
});

describeEachDialect(
  "a user's organizations asked of another plugin",
  (h) => {
    it("are the answering plugin's, past one that has no say", async () => {
      const user = await h().signUp();
      expect((await user.client.get('/probe-organizations')).body).toEqual({
        kept: true,
        facts: {
          memberships: [
            { id: 'acme', role: 'owner' },
            { id: 'globex', role: 'member' },
          ],
          active: 'acme',
          mayUpdate: [true, false],
        },
      });
    });
  },
  { plugins: [asker, silent, keeper] },
);

describeEachDialect(
  "a user's organizations when no plugin keeps them",
  (h) => {
    it('are none, and nobody is asked', async () => {
      const user = await h().signUp();
      expect((await user.client.get('/probe-organizations')).body).toEqual({ kept: false, facts: null });
    });
  },
  { plugins: [asker] },
);
