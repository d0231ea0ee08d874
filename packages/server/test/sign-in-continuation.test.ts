/**
 * The contract's `signInContinuation` hook, through a small plugin of the test's own: it is handed
 * the POST body as sent (a field no endpoint declares included), may refuse the call before its
 * handler runs (no session is created), and its continuation answers in the endpoint's stead only
 * when that call created a session; a call that creates none answers as usual.
 */
import { expect, it } from 'vitest';
import { definePlugin, type SignInContinuation } from '../src/plugin';
import { describeEachDialect, uniqueEmail } from './support/harness';
import { countRows } from './support/rows';

const PASSWORD = 'correct horse battery';

const resumePlugin = definePlugin({
  id: 'resume-probe',
  hooks: {
    async signInContinuation(body) {
      if (typeof body !== 'object' || body === null || !('resume' in body)) return undefined;
      if (body.resume === 'refuse') return Response.json({ error: 'refused' }, { status: 400 });
      const continuation: SignInContinuation = async (current) => ({ resumed: body.resume, userId: current.user.id });
      return continuation;
    },
  },
});

describeEachDialect(
  'continuing after a sign-in',
  (h) => {
    it('answers the continuation in the stead of a call that created a session', async () => {
      const email = uniqueEmail('resume');
      const signedUp = await h()
        .client()
        .post('/sign-up/email', { email, password: PASSWORD, name: 'R', resume: 'up' });
      expect(signedUp.body).toEqual({ resumed: 'up', userId: expect.any(String) });
      const signedIn = await h().client().post('/sign-in/email', { email, password: PASSWORD, resume: 'in' });
      expect(signedIn.status).toBe(200);
      expect(signedIn.body).toEqual({ resumed: 'in', userId: signedUp.body.userId });
      expect(signedIn.setCookies.get('latchkey.session_token')?.value).toBeTruthy();
    });

    it('answers as usual a call that created no session', async () => {
      const { client } = await h().signUp();
      const failed = await h()
        .client()
        .post('/sign-in/email', { email: uniqueEmail(), password: PASSWORD, resume: 'x' });
      expect(failed.status).toBe(401);
      const session = await client.post('/revoke-other-sessions', { resume: 'x' });
      expect(session.body).toEqual({ status: true });
    });

    it('lets the hook refuse the call before its handler runs, creating no session', async () => {
      const { user } = await h().signUp();
      const sessions = await countRows(h(), 'session');
      const refused = await h()
        .client()
        .post('/sign-in/email', { email: user.email, password: PASSWORD, resume: 'refuse' });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ error: 'refused' });
      expect(await countRows(h(), 'session')).toBe(sessions);
    });
  },
  { plugins: [resumePlugin] },
);
