/**
 * The contract's `signInContinuation` hook, through a small plugin of the test's own: it is handed
 * the POST body as sent (a field no endpoint declares included), may refuse the call before its
 * handler runs (no session is created), and its continuation answers in the endpoint's stead only
 * when that call created a session; a call that creates none answers as usual. A continuation with
 * a `resumable` form survives a social sign-in's provider round trip (kept with the OAuth state,
 * rebuilt by `resumeSignInContinuation`), and the callback sends the browser where it redirects.
 */
import { afterAll, expect, it } from 'vitest';
import { definePlugin, type CurrentSession, type SignInContinuation } from '../src/plugin';
import { describeEachDialect, uniqueEmail } from './support/harness';
import { countRows } from './support/rows';
import { githubIdentity, githubProvider, signInWith, startGithubEmulator } from './oauth/support/github-flow';

const emulator = await startGithubEmulator();
afterAll(() => emulator.close());

const PASSWORD = 'correct horse battery';

const resumePlugin = definePlugin({
  id: 'resume-probe',
  hooks: {
    async signInContinuation(body) {
      if (typeof body !== 'object' || body === null || !('resume' in body)) return undefined;
      if (body.resume === 'refuse') return Response.json({ error: 'refused' }, { status: 400 });
      if (body.resume === 'elsewhere') return redirectTo('https://elsewhere.example/next');
      const continuation: SignInContinuation = async (current) => ({ resumed: body.resume, userId: current.user.id });
      return continuation;
    },
    async resumeSignInContinuation(resumable) {
      return resumable.startsWith('probe:') ? redirectTo(resumable.slice('probe:'.length)) : undefined;
    },
  },
});

/** A continuation that sends the browser to `url`, and can be rebuilt from `probe:<url>`. */
function redirectTo(url: string): SignInContinuation {
  const continuation = async (current: CurrentSession) => ({ redirect: true, url: `${url}?user=${current.user.id}` });
  return Object.assign(continuation, { resumable: `probe:${url}` });
}

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

    it('resumes a resumable continuation at the callback of a social sign-in, where the session is created', async () => {
      const browser = h().client();
      const landed = await signInWith(emulator, browser, githubIdentity(uniqueEmail('resume')), {
        callbackURL: '/app',
        resume: 'elsewhere',
      });
      const userId = (await browser.get('/get-session')).body.user.id;
      expect(landed.status).toBe(302);
      expect(landed.headers.get('location')).toBe(`https://elsewhere.example/next?user=${userId}`);
    });

    it('ends a social sign-in whose continuation has no resumable form at its callbackURL', async () => {
      const landed = await signInWith(emulator, h().client(), githubIdentity(uniqueEmail('resume')), {
        callbackURL: '/app',
        resume: 'in',
      });
      expect(landed.headers.get('location')).toBe('/app');
    });
  },
  { plugins: [resumePlugin], socialProviders: [githubProvider(emulator)] },
);
