/**
 * Sign-in and sign-up from an HTML form, without JavaScript: `application/x-www-form-urlencoded`
 * bodies on /sign-in/email and /sign-up/email (and /sign-in/username: test/username), under the
 * same origin checks as JSON; a sign-in form with a callbackURL lands there with 303; other body
 * types stay refused.
 */
import { expect, it } from 'vitest';
import { describeEachDialect, uniqueEmail } from './support/harness';
import { CROSS_SITE_NAVIGATION, FORM, postForm } from './support/form-post';
import { countRows, expectNothingChanged, sessionsOf } from './support/rows';
import { expectInvalidBody } from './support/invalid-body';

const PASSWORD = 'correct horse battery';
const DAY = 24 * 60 * 60;
const EVIL = 'https://evil.example';
const TOKEN = 'latchkey.session_token';

const unsupportedOrForm = {
  code: 'CONTENT_TYPE_MUST_BE_APPLICATION_JSON_OR_APPLICATION_X_WWW_FORM_URLENCODED',
  message: 'Content-Type must be application/json or application/x-www-form-urlencoded',
};

function lifetimeSeconds(row: { createdAt: Date; expiresAt: Date }): number {
  return (row.expiresAt.getTime() - row.createdAt.getTime()) / 1000;
}

describeEachDialect('HTML form posts to sign-in and sign-up', (h) => {
  it('signs in from a same-origin form without a callbackURL: 200 with the JSON answer and the session cookie', async () => {
    const email = uniqueEmail('form-in');
    const { user } = await h().signUp(email, PASSWORD);
    const browser = h().client();
    const response = await postForm(browser, '/sign-in/email', { email, password: PASSWORD });

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ redirect: false, user: { id: user.id, email } });
    expect(response.setCookies.has(TOKEN)).toBe(true);
    expect(await sessionsOf(h(), user.id)).toHaveLength(2);
    expect((await browser.get('/get-session')).body.user.id).toBe(user.id);
  });

  it('signs in from a form with a callbackURL and sends the browser there with 303 and the session cookie', async () => {
    const email = uniqueEmail('form-redirect');
    const { user } = await h().signUp(email, PASSWORD);
    const browser = h().client();
    const response = await postForm(browser, '/sign-in/email', {
      email,
      password: PASSWORD,
      callbackURL: '/dashboard?tab=1',
    });

    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/dashboard?tab=1');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.text).toBe('');
    expect(response.setCookies.has(TOKEN)).toBe(true);
    expect(await sessionsOf(h(), user.id)).toHaveLength(2);
    expect((await browser.get('/get-session')).body.user.id).toBe(user.id);
  });

  it('answers a JSON sign-in with a callbackURL with JSON as before, not a redirect', async () => {
    const email = uniqueEmail('json-redirect');
    await h().signUp(email, PASSWORD);
    const response = await h()
      .client()
      .post('/sign-in/email', { email, password: PASSWORD, callbackURL: '/dashboard' });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ redirect: true, url: '/dashboard' });
  });

  it('refuses a form whose callbackURL is on another site with 403 Invalid callbackURL, and signs nobody in', async () => {
    const email = uniqueEmail('form-evil-callback');
    await h().signUp(email, PASSWORD);
    await expectNothingChanged(h(), async () => {
      const response = await postForm(h().client(), '/sign-in/email', {
        email,
        password: PASSWORD,
        callbackURL: `${EVIL}/phish`,
      });
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ code: 'INVALID_CALLBACKURL', message: 'Invalid callbackURL' });
      expect(response.setCookies.size).toBe(0);
    });
  });

  it('answers a wrong password from a form with the JSON 401, setting no cookie', async () => {
    const email = uniqueEmail('form-wrong');
    await h().signUp(email, PASSWORD);
    await expectNothingChanged(h(), async () => {
      const response = await postForm(h().client(), '/sign-in/email', {
        email,
        password: 'not the password',
        callbackURL: '/dashboard',
      });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' });
      expect(response.setCookies.size).toBe(0);
    });
  });

  it('reads a ticked rememberMe box (on, true) as remembered and false or off as a one-day session', async () => {
    const email = uniqueEmail('form-remember');
    const { user } = await h().signUp(email, PASSWORD);
    const cases: [string, number][] = [
      ['on', 7 * DAY],
      ['true', 7 * DAY],
      ['false', DAY],
      ['off', DAY],
    ];
    for (const [value, lifetime] of cases) {
      await h().auth.context.db.deleteFrom('session').where('userId', '=', user.id).execute();
      const response = await postForm(h().client(), '/sign-in/email', { email, password: PASSWORD, rememberMe: value });
      expect(response.status, value).toBe(200);
      expect((await sessionsOf(h(), user.id)).map(lifetimeSeconds), value).toEqual([lifetime]);
      const marker = response.setCookies.get('latchkey.dont_remember');
      expect(marker !== undefined && marker.value !== '', value).toBe(lifetime === DAY);
    }
  });

  it('takes the last of repeated fields, so a hidden rememberMe=false before the checkbox answers an unticked box', async () => {
    const email = uniqueEmail('form-hidden');
    const { user } = await h().signUp(email, PASSWORD);
    await h().auth.context.db.deleteFrom('session').where('userId', '=', user.id).execute();
    const unticked = await postForm(h().client(), '/sign-in/email', [
      ['email', email],
      ['password', PASSWORD],
      ['rememberMe', 'false'],
    ]);
    expect(unticked.status).toBe(200);
    const ticked = await postForm(h().client(), '/sign-in/email', [
      ['email', email],
      ['password', PASSWORD],
      ['rememberMe', 'false'],
      ['rememberMe', 'on'],
    ]);
    expect(ticked.status).toBe(200);
    expect((await sessionsOf(h(), user.id)).map(lifetimeSeconds).sort((a, b) => a - b)).toEqual([DAY, 7 * DAY]);
  });

  it('refuses a rememberMe that is no boolean with 400 VALIDATION_ERROR naming it, and signs nobody in', async () => {
    const email = uniqueEmail('form-bad-bool');
    await h().signUp(email, PASSWORD);
    await expectNothingChanged(h(), async () => {
      const response = await postForm(h().client(), '/sign-in/email', {
        email,
        password: PASSWORD,
        rememberMe: 'yes please',
      });
      expectInvalidBody(response, ['rememberMe']);
    });
  });

  it('signs up from a form: the user and its session are stored, and the answer is JSON', async () => {
    const email = uniqueEmail('form-up');
    const browser = h().client();
    const response = await postForm(browser, '/sign-up/email', {
      name: 'Form Person',
      email,
      password: PASSWORD,
      callbackURL: '/welcome',
    });

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ user: { email, name: 'Form Person' } });
    expect(response.setCookies.has(TOKEN)).toBe(true);
    const stored = await h().auth.context.users.findByEmail(email);
    expect(stored?.name).toBe('Form Person');
    expect(await sessionsOf(h(), stored!.id)).toHaveLength(1);
  });

  it('refuses a form posted from another site (Fetch Metadata cross-site navigation) with 403 CROSS_SITE_NAVIGATION_LOGIN_BLOCKED', async () => {
    const email = uniqueEmail('form-csrf');
    await h().signUp(email, PASSWORD);
    const victim = uniqueEmail('form-csrf-up');
    await expectNothingChanged(h(), async () => {
      for (const [path, fields] of [
        ['/sign-in/email', { email, password: PASSWORD }],
        ['/sign-up/email', { name: 'Victim', email: victim, password: PASSWORD }],
      ] as const) {
        const response = await postForm(h().client(), path, fields, { origin: EVIL, headers: CROSS_SITE_NAVIGATION });
        expect(response.status, path).toBe(403);
        expect(response.body).toEqual({
          code: 'CROSS_SITE_NAVIGATION_LOGIN_BLOCKED',
          message: 'Cross-site navigation login blocked. This request appears to be a CSRF attack.',
        });
        expect(response.setCookies.size).toBe(0);
      }
    });
    expect(await h().auth.context.users.findByEmail(victim)).toBeNull();
  });

  it('refuses a form from another site sent without Fetch Metadata (an older browser) with 403 INVALID_ORIGIN', async () => {
    const email = uniqueEmail('form-old-browser');
    await h().signUp(email, PASSWORD);
    await expectNothingChanged(h(), async () => {
      const response = await h()
        .client()
        .post('/sign-in/email', undefined, {
          origin: EVIL,
          rawBody: new URLSearchParams({ email, password: PASSWORD }).toString(),
          headers: { 'content-type': FORM },
        });
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ code: 'INVALID_ORIGIN', message: 'Invalid origin' });
      expect(response.setCookies.size).toBe(0);
    });
  });

  it('accepts a form from a browser that already holds cookies, when it comes from a trusted origin', async () => {
    const email = uniqueEmail('form-with-cookies');
    const { client, user } = await h().signUp(email, PASSWORD);
    const response = await postForm(client, '/sign-in/email', { email, password: PASSWORD, callbackURL: '/home' });
    expect(response.status).toBe(303);
    expect(await sessionsOf(h(), user.id)).toHaveLength(2);
  });

  it.each(['multipart/form-data; boundary=----x', 'text/plain', 'text/plain;charset=UTF-8'])(
    'refuses sign-in sent as %s, with or without cookies, with 415 naming both accepted types',
    async (type) => {
      const email = uniqueEmail('form-type');
      const { client } = await h().signUp(email, PASSWORD);
      const body = JSON.stringify({ email, password: PASSWORD });
      for (const browser of [h().client(), client]) {
        const sessions = await countRows(h(), 'session');
        const response = await browser.post('/sign-in/email', undefined, {
          rawBody: body,
          headers: { 'content-type': type },
        });
        expect(response.status).toBe(415);
        expect(response.body).toEqual(unsupportedOrForm);
        expect(response.setCookies.size).toBe(0);
        expect(await countRows(h(), 'session')).toBe(sessions);
      }
    },
  );

  it('refuses a form on a route that takes only JSON with 415, with or without cookies', async () => {
    const email = uniqueEmail('form-elsewhere');
    const { client } = await h().signUp(email, PASSWORD);
    for (const browser of [h().client(), client]) {
      const response = await postForm(browser, '/forget-password', { email, redirectTo: '/reset' });
      expect(response.status).toBe(415);
      expect(response.body).toEqual({
        code: 'CONTENT_TYPE_MUST_BE_APPLICATION_JSON',
        message: 'Content-Type must be application/json',
      });
    }
  });
});
