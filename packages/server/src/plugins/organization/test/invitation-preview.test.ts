/**
 * GET /organization/invitation-preview (issue #32 item 16): what a signed-out invitee's sign-in and
 * sign-up screens show. Only a pending, unexpired invitation answers, and only its public facts.
 */
import { expect, it } from 'vitest';
import { expectError } from '../../../../../../test/expect-error';
import { organizationPlugin } from '../../..';
import { DEFAULTS } from '../../../auth/options';
import { ORGANIZATION_ERRORS } from '../errors';
import { describeEachDialect, uniqueEmail, type Harness } from '../../../../test/support/harness';
import { db as dbOf, insertMember, insertOrganization } from './rows';

const HOUR = 3600;
const EXPIRY = 48 * HOUR;

const preview = (h: Harness, id: string, clientIp?: string) =>
  h.client(clientIp).get(`/organization/invitation-preview?id=${encodeURIComponent(id)}`);

async function invitation(h: Harness, inviterName = 'Olive Owner', organizationName = 'Zeta Labs') {
  const organizationId = await insertOrganization(h, { name: organizationName });
  const owner = await h.signUp(uniqueEmail('owner'), undefined, inviterName);
  await insertMember(h, organizationId, owner.user.id, 'owner');
  const email = uniqueEmail('invitee');
  const invited = await owner.client.post('/organization/invite-member', {
    email,
    role: ['member', 'admin'],
    organizationId,
  });
  expect(invited.status).toBe(200);
  return { id: invited.body.id as string, organizationId, owner, email };
}

const statusOf = async (h: Harness, id: string) =>
  (await dbOf(h).selectFrom('invitation').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

describeEachDialect(
  'organization invitation preview',
  (h) => {
    it('answers a signed-out visitor the organization, inviter, invited address, role and expiry, and nothing else', async () => {
      const sent = await invitation(h());
      const answer = await preview(h(), sent.id);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        organizationName: 'Zeta Labs',
        inviterName: 'Olive Owner',
        inviterEmail: sent.owner.user.email,
        email: sent.email,
        role: 'member,admin',
        expiresAt: new Date(h().clock.now().getTime() + EXPIRY * 1000).toISOString(),
      });
      expect(answer.headers.get('set-cookie')).toBeNull();
      expect(await statusOf(h(), sent.id)).toBe('pending');
    });

    it('an inviter name that looks like a link is not shown, as in the mail', async () => {
      const sent = await invitation(h(), 'Call support at evil.example');
      const answer = await preview(h(), sent.id);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ inviterName: null, inviterEmail: sent.owner.user.email });
    });

    it('answers 400 Invitation not found for an unknown id and for an expired invitation', async () => {
      await expectError(await preview(h(), 'no-such-invitation'), ORGANIZATION_ERRORS.invitationNotFound);
      const sent = await invitation(h());
      h().clock.advance(EXPIRY + 1);
      await expectError(await preview(h(), sent.id), ORGANIZATION_ERRORS.invitationNotFound);
    });

    it('answers 400 Invitation not found once the invitation is canceled, rejected or accepted', async () => {
      for (const status of ['canceled', 'rejected', 'accepted'] as const) {
        const sent = await invitation(h());
        expect((await preview(h(), sent.id)).status).toBe(200);
        await dbOf(h()).updateTable('invitation').set({ status }).where('id', '=', sent.id).execute();
        await expectError(await preview(h(), sent.id), ORGANIZATION_ERRORS.invitationNotFound);
      }
    });

    it('a canceled invitation answers exactly as an unknown id, through the cancel route', async () => {
      const sent = await invitation(h());
      expect((await sent.owner.client.post('/organization/cancel-invitation', { invitationId: sent.id })).status).toBe(
        200,
      );
      const canceled = await preview(h(), sent.id);
      const unknown = await preview(h(), 'no-such-invitation');
      expect(canceled.status).toBe(unknown.status);
      expect(canceled.body).toEqual(unknown.body);
    });
  },
  { plugins: [organizationPlugin()] },
);

describeEachDialect(
  'organization invitation preview rate limit',
  (h) => {
    it('is rate-limited per address like the other public routes: 429 past 100 requests in 10 s', async () => {
      expect(DEFAULTS.rateLimitMax).toBe(100);
      const ip = '203.0.113.77';
      for (let i = 0; i < DEFAULTS.rateLimitMax; i += 1) expect((await preview(h(), 'guess', ip)).status).not.toBe(429);
      const limited = await preview(h(), 'guess', ip);
      expect(limited.status).toBe(429);
      expect(limited.body).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
      expect((await preview(h(), 'guess', '203.0.113.78')).status).toBe(400);
    });
  },
  { plugins: [organizationPlugin()], rateLimit: { enabled: true } },
);
