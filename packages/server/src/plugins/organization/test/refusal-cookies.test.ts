/**
 * A refusal of the organization plugin that changes the session first: the answer carries the
 * session's new cookie cache with the error, each cookie once.
 */
import { expect, it } from 'vitest';
import { organizationPlugin } from '../../..';
import { describeEachDialect } from '../../../../test/support/harness';
import { expectEachCookieOnce } from '../../../../test/support/set-cookies';

describeEachDialect(
  'cookies on a refusal that carries its own',
  (h) => {
    it('sends each cookie once when a refused non-member loses the active organization', async () => {
      const owner = await h().signUp();
      const created = await owner.client.post('/organization/create', {
        name: 'Acme',
        slug: `acme-${Date.now()}-${Math.random().toString(36).slice(2, 7)}`,
      });
      expect(created.status).toBe(200);
      const outsider = await h().signUp();

      const response = await outsider.client.get(
        `/organization/get-full-organization?organizationId=${created.body.id}`,
      );
      expect(response.status).toBe(403);
      expect(response.body.code).toBe('USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION');
      expectEachCookieOnce(response, 'latchkey.session_data');
    });
  },
  { plugins: [organizationPlugin()] },
);
