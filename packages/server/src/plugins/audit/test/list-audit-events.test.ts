/**
 * GET /admin/list-audit-events and GET /audit/list-my-events on every database: filters by user,
 * type and time range, newest first, paged in SQL with the total, the users named by e-mail; refused to a user whose platform
 * roles do not grant audit:list (403) and without a session (401); a user's own list holds only
 * their events.
 */
import { expect, it } from 'vitest';
import { expectError } from '../../../../../../test/expect-error';
import { AUDIT_ERRORS } from '../../..';
import { describeEachDialect, uniqueEmail, type Harness } from '../../../../test/support/harness';
import { PASSWORD, UNAUTHORIZED, signUpWithRole } from '../../admin/test/support/admin-fixtures';
import { auditPlugins } from './support/audit-fixtures';

const DAY = 24 * 60 * 60;

/** A user with four events a day apart: sign-up, sign-in, a failed sign-in, sign-out; and their times. */
async function userWithHistory(h: Harness) {
  const signedUp = await h.signUp(uniqueEmail('history'), PASSWORD);
  const times = [h.clock.now().toISOString()];
  h.clock.advance(DAY);
  times.push(h.clock.now().toISOString());
  const signIn = h.client();
  expect((await signIn.post('/sign-in/email', { email: signedUp.user.email, password: PASSWORD })).status).toBe(200);
  h.clock.advance(DAY);
  times.push(h.clock.now().toISOString());
  await h.client().post('/sign-in/email', { email: signedUp.user.email, password: 'not the password' });
  h.clock.advance(DAY);
  times.push(h.clock.now().toISOString());
  expect((await signIn.post('/sign-out')).status).toBe(200);
  h.clock.advance(DAY);
  await h.auth.context.background.drain();
  return { ...signedUp, times };
}

describeEachDialect(
  'listing audit events',
  (h) => {
    it("answers an admin a user's events newest first, with the total", async () => {
      const admin = await signUpWithRole(h());
      const { user, times } = await userWithHistory(h());
      const response = await admin.client.get(`/admin/list-audit-events?userId=${user.id}`);
      expect(response.status).toBe(200);
      expect(response.body.total).toBe(4);
      expect(response.body.events.map((e: { type: string; outcome: string }) => [e.type, e.outcome])).toEqual([
        ['sign-out', 'success'],
        ['sign-in', 'failure'],
        ['sign-in', 'success'],
        ['sign-up', 'success'],
      ]);
      expect(response.body.events.map((e: { createdAt: string }) => e.createdAt)).toEqual([...times].reverse());
      expect(response.body.events[1]).toEqual({
        id: expect.any(String),
        type: 'sign-in',
        outcome: 'failure',
        method: 'email',
        actorUserId: null,
        userId: user.id,
        organizationId: null,
        ipAddress: '203.0.113.10',
        userAgent: null,
        detail: { code: 'INVALID_EMAIL_OR_PASSWORD' },
        createdAt: times[2],
        actorEmail: null,
        userEmail: user.email,
      });
    });

    it('names each event’s users by their current e-mail, and a deleted user by the id alone', async () => {
      const admin = await signUpWithRole(h());
      const { user } = await h().signUp(uniqueEmail('removed'), PASSWORD);
      expect((await admin.client.post('/admin/remove-user', { userId: user.id })).status).toBe(200);
      await h().auth.context.background.drain();
      const response = await admin.client.get(`/admin/list-audit-events?userId=${user.id}&type=user-removed`);
      expect(response.body.events).toEqual([
        expect.objectContaining({
          actorUserId: admin.user.id,
          actorEmail: admin.user.email,
          userId: user.id,
          userEmail: null,
        }),
      ]);
    });

    it('filters by type and by time range, both ends included', async () => {
      const admin = await signUpWithRole(h());
      const { user, times } = await userWithHistory(h());
      const signIns = await admin.client.get(`/admin/list-audit-events?userId=${user.id}&type=sign-in`);
      expect(signIns.body.total).toBe(2);
      expect(signIns.body.events.every((e: { type: string }) => e.type === 'sign-in')).toBe(true);

      const range = new URLSearchParams({ userId: user.id, from: times[1]!, to: times[2]! });
      const between = await admin.client.get(`/admin/list-audit-events?${range}`);
      expect(between.body.total).toBe(2);
      expect(between.body.events.map((e: { createdAt: string }) => e.createdAt)).toEqual([times[2], times[1]]);

      const since = await admin.client.get(
        `/admin/list-audit-events?${new URLSearchParams({ userId: user.id, from: times[3]! })}`,
      );
      expect(since.body.events.map((e: { type: string }) => e.type)).toEqual(['sign-out']);
    });

    it('pages in SQL: limit and offset give consecutive pages, and the total counts them all', async () => {
      const admin = await signUpWithRole(h());
      const { user } = await userWithHistory(h());
      const all = await admin.client.get(`/admin/list-audit-events?userId=${user.id}`);
      const first = await admin.client.get(`/admin/list-audit-events?userId=${user.id}&limit=3`);
      const second = await admin.client.get(`/admin/list-audit-events?userId=${user.id}&limit=3&offset=3`);
      expect([first.body.total, second.body.total]).toEqual([4, 4]);
      expect(first.body.events).toHaveLength(3);
      expect([...first.body.events, ...second.body.events]).toEqual(all.body.events);
    });

    it('answers everyone’s events without filters, at most 200 a page', async () => {
      const admin = await signUpWithRole(h());
      await userWithHistory(h());
      const response = await admin.client.get('/admin/list-audit-events?limit=1000');
      expect(response.status).toBe(200);
      expect(response.body.total).toBeGreaterThanOrEqual(5);
      expect(response.body.events.length).toBe(Math.min(response.body.total, 200));
    });

    it('refuses a user whose roles do not grant audit:list with 403, and a request without a session with 401', async () => {
      const { client, user } = await h().signUp(uniqueEmail('plain'), PASSWORD);
      await expectError(
        client.get(`/admin/list-audit-events?userId=${user.id}`),
        AUDIT_ERRORS.notAllowedToListAuditEvents,
      );
      expect(AUDIT_ERRORS.notAllowedToListAuditEvents).toEqual({
        status: 403,
        code: 'YOU_ARE_NOT_ALLOWED_TO_LIST_AUDIT_EVENTS',
        message: 'You are not allowed to list audit events',
      });
      await expectError(h().client().get('/admin/list-audit-events'), 401, UNAUTHORIZED);
    });

    it('answers 400 VALIDATION_ERROR for a time that is not an ISO date-time', async () => {
      const admin = await signUpWithRole(h());
      const response = await admin.client.get('/admin/list-audit-events?from=yesterday');
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('VALIDATION_ERROR');
    });

    it('lists a user their own events only, newest first, and at most the limit asked', async () => {
      const mine = await userWithHistory(h());
      const theirs = await userWithHistory(h());
      // The sign-up's session has expired meanwhile (the histories span eight days): a new sign-in.
      const client = h().client();
      await client.post('/sign-in/email', { email: mine.user.email, password: PASSWORD });
      await h().auth.context.background.drain();
      const own = await client.get('/audit/list-my-events');
      expect(own.status).toBe(200);
      expect(own.body.events.map((e: { type: string }) => e.type)).toEqual([
        'sign-in',
        'sign-out',
        'sign-in',
        'sign-in',
        'sign-up',
      ]);
      expect(own.body.events.every((e: { userId: string }) => e.userId === mine.user.id)).toBe(true);
      expect(own.body.events.some((e: { userId: string }) => e.userId === theirs.user.id)).toBe(false);
      expect(own.body.hasMore).toBe(false);
      const two = await client.get('/audit/list-my-events?limit=2');
      expect(two.body.events).toEqual(own.body.events.slice(0, 2));
      expect(two.body.hasMore).toBe(true);
      const rest = await client.get('/audit/list-my-events?limit=2&offset=4');
      expect(rest.body.events).toEqual(own.body.events.slice(4));
      expect(rest.body.hasMore).toBe(false);
      await expectError(h().client().get('/audit/list-my-events'), 401, UNAUTHORIZED);
    });

    it('filters by outcome: the newest successful sign-in, past the failures after it', async () => {
      const admin = await signUpWithRole(h());
      const { user } = await userWithHistory(h());
      const ok = await admin.client.get(
        `/admin/list-audit-events?userId=${user.id}&type=sign-in&outcome=success&limit=1`,
      );
      expect(ok.status).toBe(200);
      expect(ok.body.total).toBe(1);
      expect(ok.body.events.map((e: { type: string; outcome: string }) => [e.type, e.outcome])).toEqual([
        ['sign-in', 'success'],
      ]);
      const failed = await admin.client.get(`/admin/list-audit-events?userId=${user.id}&outcome=failure`);
      expect(failed.body.total).toBe(1);
      const wrong = await admin.client.get(`/admin/list-audit-events?outcome=maybe`);
      expect(wrong.status).toBe(400);
    });

    it("leaves the mails sent to the user out of their own list, not out of the admin's", async () => {
      const admin = await signUpWithRole(h());
      const { user } = await h().signUp(uniqueEmail('mailed'), PASSWORD);
      const client = h().client();
      await client.post('/sign-in/email', { email: user.email, password: PASSWORD });
      expect((await client.post('/request-password-reset', { email: user.email, redirectTo: '/reset' })).status).toBe(
        200,
      );
      await h().auth.context.background.drain();
      const all = await admin.client.get(`/admin/list-audit-events?userId=${user.id}&type=mail-sent`);
      expect(all.body.total).toBeGreaterThan(0);
      const own = await client.get('/audit/list-my-events');
      expect(own.body.events.length).toBeGreaterThan(0);
      expect(own.body.events.some((e: { type: string }) => e.type === 'mail-sent')).toBe(false);
    });
  },
  { plugins: auditPlugins() },
);
