import { expect, it } from 'vitest';
import { AuthError, defineEndpoint, ERRORS, type Logger, type Plugin } from '../src';
import { API, BASE_URL, describeEachDialect, ORIGIN, uniqueEmail, type Harness } from './support/harness';
import { expectNothingChanged } from './support/rows';

const PASSWORD = 'correct horse battery';
const MB = 1024 * 1024;

function post(h: Harness, path: string, init: RequestInit & { duplex?: 'half' }, headers: Record<string, string> = {}) {
  return h.auth.handler(
    new Request(BASE_URL + API + path, { method: 'POST', ...init, headers: { origin: ORIGIN, ...headers } }),
    {
      clientIp: '203.0.113.20',
    },
  );
}

/** A JSON error body has exactly {code, message}, and details only for validation errors. */
function expectErrorShape(body: unknown): void {
  expect(body).toBeTypeOf('object');
  const keys = Object.keys(body as object).sort();
  if ((body as { code?: string }).code === 'VALIDATION_ERROR') expect(keys).toEqual(['code', 'details', 'message']);
  else expect(keys).toEqual(['code', 'message']);
}

const logged: { level: 'info' | 'warn' | 'error'; obj: object; msg?: string }[] = [];
const recordingLogger: Logger = {
  info: (obj, msg) => logged.push({ level: 'info', obj, msg }),
  warn: (obj, msg) => logged.push({ level: 'warn', obj, msg }),
  error: (obj, msg) => logged.push({ level: 'error', obj, msg }),
};

/** Endpoints that misbehave, or answer in unusual ways, on purpose. */
const probePlugin: Plugin = {
  id: 'probe',
  endpoints: [
    defineEndpoint({
      id: 'boom',
      method: 'GET',
      path: '/boom',
      async handler() {
        throw new Error('secret internals: postgres://admin:hunter2@db');
      },
    }),
    defineEndpoint({
      id: 'boomNotAnError',
      method: 'POST',
      path: '/boom-not-an-error',
      async handler() {
        throw 'a bare string with secret internals';
      },
    }),
    defineEndpoint({
      id: 'redirectWithCookie',
      method: 'GET',
      path: '/redirect-with-cookie',
      async handler({ cookies }) {
        cookies.set('probe', 'set-before-redirect', { path: '/', httpOnly: true });
        return Response.redirect('http://localhost:3000/next', 302);
      },
    }),
    defineEndpoint({
      id: 'catalogued',
      method: 'GET',
      path: '/catalogued',
      async handler() {
        throw new AuthError(ERRORS.sessionNotFresh);
      },
    }),
  ],
};

describeEachDialect(
  'request handling',
  (h) => {
    it('answers a body that is not valid JSON with 400 VALIDATION_ERROR "Invalid body parameters" and details, and stores nothing', async () => {
      await expectNothingChanged(h(), async () => {
        const response = await h()
          .client()
          .post('/sign-up/email', undefined, {
            rawBody: '{"email": "a@example.com", ',
            headers: { 'content-type': 'application/json' },
          });
        expect(response.status).toBe(400);
        expect(response.body).toEqual({
          code: 'VALIDATION_ERROR',
          message: 'Invalid body parameters',
          details: [{ path: '', message: expect.any(String) }],
        });
      });
    });

    it('answers a body failing the schema with 400 and a details entry naming each failing field', async () => {
      const response = await h().client().post('/sign-up/email', { email: 42, name: 'No Password' });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('VALIDATION_ERROR');
      expect(response.body.message).toBe('Invalid body parameters');
      const paths = response.body.details.map((d: { path: string }) => d.path).sort();
      expect(paths).toEqual(['email', 'password']);
      for (const detail of response.body.details)
        expect(detail).toEqual({ path: expect.any(String), message: expect.any(String) });
    });

    it('answers a body that is JSON but not an object with 400 VALIDATION_ERROR', async () => {
      for (const raw of ['[]', '"text"', '42', 'true']) {
        const response = await h()
          .client()
          .post('/sign-in/email', undefined, { rawBody: raw, headers: { 'content-type': 'application/json' } });
        expect(response.status, raw).toBe(400);
        expect(response.body.code).toBe('VALIDATION_ERROR');
      }
    });

    it('answers an over-long field with 400 naming the field, and stores nothing', async () => {
      const email = uniqueEmail('long');
      await expectNothingChanged(h(), async () => {
        const response = await h()
          .client()
          .post('/sign-up/email', { email, password: PASSWORD, name: 'n'.repeat(10_000) });
        expect(response.status).toBe(400);
        expect(response.body.details).toEqual([{ path: 'name', message: expect.any(String) }]);
      });
    });

    it('answers a query failing the schema with 400 "Invalid query parameters" naming the parameter', async () => {
      const response = await h().client().get('/get-session?disableCookieCache=maybe');
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        code: 'VALIDATION_ERROR',
        message: 'Invalid query parameters',
        details: [{ path: 'disableCookieCache', message: expect.any(String) }],
      });
    });

    it('answers an unknown route with 404 NOT_FOUND', async () => {
      for (const path of ['/no-such-route', '/sign-in', '/sign-in/email/extra', '/OK']) {
        const response = await h().client().get(path);
        expect(response.status, path).toBe(404);
        expect(response.body).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
      }
      const outside = await h().auth.handler(new Request(`${BASE_URL}/ok`));
      expect(outside.status).toBe(404);
      expect(await outside.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
    });

    it('answers a known path with the wrong method with 404', async () => {
      const getSignIn = await h().client().get('/sign-in/email');
      expect(getSignIn.status).toBe(404);
      expect(getSignIn.body).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
      const postOk = await h().client().post('/ok', {});
      expect(postOk.status).toBe(404);
      for (const method of ['PUT', 'DELETE', 'PATCH']) {
        const response = await h().auth.handler(
          new Request(`${BASE_URL}${API}/sign-out`, { method, headers: { origin: ORIGIN } }),
        );
        expect(response.status, method).toBe(404);
      }
    });

    it('routes a doubled or trailing slash to the same endpoint', async () => {
      for (const path of ['//ok', '/ok/', '//ok//']) {
        const response = await h().client().get(path);
        expect(response.status, path).toBe(200);
        expect(response.body).toEqual({ ok: true });
      }
    });

    it('answers a body over 1 MB declared by Content-Length with 413, and stores nothing', async () => {
      const email = uniqueEmail('huge');
      const body = JSON.stringify({ email, password: PASSWORD, name: 'x'.repeat(MB) });
      await expectNothingChanged(h(), async () => {
        const response = await post(
          h(),
          '/sign-up/email',
          { body },
          { 'content-type': 'application/json', 'content-length': String(body.length) },
        );
        expect(response.status).toBe(413);
        expect(await response.json()).toEqual({
          code: 'REQUEST_BODY_IS_TOO_LARGE',
          message: 'Request body is too large',
        });
      });
    });

    it('answers a streamed body over 1 MB without Content-Length with 413, and stops reading it', async () => {
      let pulled = 0;
      const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"name":"'));
        },
        pull(controller) {
          pulled += chunk.byteLength;
          if (pulled > 64 * MB) controller.close();
          else controller.enqueue(chunk);
        },
      });
      const response = await post(
        h(),
        '/sign-up/email',
        { body: stream, duplex: 'half' },
        { 'content-type': 'application/json' },
      );
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual({
        code: 'REQUEST_BODY_IS_TOO_LARGE',
        message: 'Request body is too large',
      });
      expect(pulled).toBeLessThan(2 * MB);
    });

    it('reads a body of exactly 1 MB, which then fails validation, not the size limit', async () => {
      const prefix = '{"email":"a@example.com","password":"correct horse battery","name":"';
      const suffix = '"}';
      const body = prefix + 'x'.repeat(MB - prefix.length - suffix.length) + suffix;
      expect(Buffer.byteLength(body)).toBe(MB);
      const response = await post(h(), '/sign-up/email', { body }, { 'content-type': 'application/json' });
      expect(response.status).toBe(400);
      expect((await response.json()).details).toEqual([{ path: 'name', message: expect.any(String) }]);
    });

    it('answers a body whose stream fails mid-way with 400, not 500', async () => {
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"email":'));
          controller.error(new Error('connection reset by peer'));
        },
      });
      const response = await post(
        h(),
        '/sign-in/email',
        { body: stream, duplex: 'half' },
        { 'content-type': 'application/json' },
      );
      expect(response.status).toBe(400);
      expect((await response.json()).code).toBe('VALIDATION_ERROR');
    });

    it('answers a deeply nested JSON body with 400, not a crash', async () => {
      const depth = 100_000;
      const body = '{"email":' + '['.repeat(depth) + ']'.repeat(depth) + '}';
      const response = await post(h(), '/sign-in/email', { body }, { 'content-type': 'application/json' });
      expect(response.status).toBe(400);
      expect((await response.json()).code).toBe('VALIDATION_ERROR');
    });

    it.each(['application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data; boundary=----x'])(
      'refuses a cookie-bearing POST /update-user sent as %s with 415 and changes nothing',
      async (type) => {
        const { client } = await h().signUp();
        await expectNothingChanged(h(), async () => {
          const response = await client.post('/update-user', undefined, {
            rawBody: '{"name":"Forged by a form"}',
            headers: { 'content-type': type },
          });
          expect(response.status).toBe(415);
          expect(response.body).toEqual({
            code: 'CONTENT_TYPE_MUST_BE_APPLICATION_JSON',
            message: 'Content-Type must be application/json',
          });
        });
      },
    );

    it('refuses a cookie-bearing POST /sign-out sent as a form with 415 and keeps the session', async () => {
      const { client } = await h().signUp();
      await expectNothingChanged(h(), async () => {
        const response = await client.post('/sign-out', undefined, {
          rawBody: 'a=b',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        });
        expect(response.status).toBe(415);
        expect(response.setCookies.size).toBe(0);
      });
      expect((await client.get('/get-session')).body?.user).toBeTruthy();
    });

    it.each(['text/plain', 'text/plain;charset=UTF-8', 'application/xml'])(
      'refuses a POST without cookies sent as %s with 415, even when its body is JSON, and stores nothing',
      async (type) => {
        const email = uniqueEmail('typed');
        await expectNothingChanged(h(), async () => {
          const body = JSON.stringify({ email, password: PASSWORD, name: 'Typed' });
          const response = await h()
            .client()
            .post('/sign-up/email', undefined, { origin: null, rawBody: body, headers: { 'content-type': type } });
          expect(response.status).toBe(415);
          expect(response.body).toEqual({
            code: 'CONTENT_TYPE_MUST_BE_APPLICATION_JSON_OR_APPLICATION_X_WWW_FORM_URLENCODED',
            message: 'Content-Type must be application/json or application/x-www-form-urlencoded',
          });
          const other = await h()
            .client()
            .post('/forget-password', undefined, {
              origin: null,
              rawBody: JSON.stringify({ email }),
              headers: { 'content-type': type },
            });
          expect(other.status).toBe(415);
          expect(other.body).toEqual({
            code: 'CONTENT_TYPE_MUST_BE_APPLICATION_JSON',
            message: 'Content-Type must be application/json',
          });
        });
        expect(await h().auth.context.users.findByEmail(email)).toBeNull();
      },
    );

    it('reads a POST without cookies and without a Content-Type as JSON, as a server-to-server call may send it', async () => {
      const email = uniqueEmail('untyped');
      const response = await h().auth.handler(
        new Request(BASE_URL + API + '/sign-up/email', {
          method: 'POST',
          body: new Blob([JSON.stringify({ email, password: PASSWORD, name: 'Untyped' })]),
        }),
        { clientIp: '203.0.113.20' },
      );
      expect(response.status).toBe(200);
      expect((await h().auth.context.users.findByEmail(email))?.name).toBe('Untyped');
    });

    it('accepts a cookie-bearing POST sent as JSON with a charset', async () => {
      const { client, user } = await h().signUp();
      const response = await client.post('/update-user', undefined, {
        rawBody: '{"name":"Charset"}',
        headers: { 'content-type': 'application/json; charset=utf-8' },
      });
      expect(response.status).toBe(200);
      expect((await h().auth.context.users.findById(user.id))?.name).toBe('Charset');
    });

    it('answers an unexpected exception with 500 INTERNAL_SERVER_ERROR without internals, and logs its cause', async () => {
      logged.length = 0;
      const response = await h().client().get('/boom');
      expect(response.status).toBe(500);
      expect(response.body).toEqual({ code: 'INTERNAL_SERVER_ERROR', message: 'Internal server error' });
      expect(response.text).not.toMatch(/secret|hunter2|internals|at .*\.ts/);
      const errors = logged.filter((entry) => entry.level === 'error');
      expect(errors).toHaveLength(1);
      expect(errors[0]!.obj).toEqual({
        err: expect.objectContaining({ message: 'secret internals: postgres://admin:hunter2@db' }),
      });
    });

    it("writes the host's request id into a 500's log line, and a malformed one not at all", async () => {
      logged.length = 0;
      const id = '0b6f3c9e-1f0a-4d7b-9c55-2f6e8a1b3c4d';
      expect(
        (
          await h()
            .client()
            .get('/boom', { headers: { 'x-request-id': id } })
        ).status,
      ).toBe(500);
      expect(logged.filter((entry) => entry.level === 'error').map((entry) => entry.obj)).toEqual([
        { err: expect.any(Error), requestId: id },
      ]);
      logged.length = 0;
      expect(
        (
          await h()
            .client()
            .get('/boom', { headers: { 'x-request-id': 'forged id, with spaces' } })
        ).status,
      ).toBe(500);
      expect(logged.filter((entry) => entry.level === 'error').map((entry) => entry.obj)).toEqual([
        { err: expect.any(Error) },
      ]);
    });

    it('answers a thrown value that is not an Error with a logged 500 as well', async () => {
      logged.length = 0;
      const response = await h().client().post('/boom-not-an-error', {});
      expect(response.status).toBe(500);
      expect(response.body).toEqual({ code: 'INTERNAL_SERVER_ERROR', message: 'Internal server error' });
      expect(response.text).not.toContain('secret');
      expect(logged.filter((entry) => entry.level === 'error')).toHaveLength(1);
    });

    it('answers a catalogue error thrown by a plugin endpoint with its own status and does not log it', async () => {
      logged.length = 0;
      const response = await h().client().get('/catalogued');
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ code: 'SESSION_IS_NOT_FRESH', message: 'Session is not fresh' });
      expect(logged.filter((entry) => entry.level === 'error')).toHaveLength(0);
    });

    it('adds cookies to a redirect a handler returns, although Response.redirect() headers are immutable', async () => {
      logged.length = 0;
      const response = await h().client().get('/redirect-with-cookie');
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('http://localhost:3000/next');
      expect(response.setCookies.get('probe')?.value).toBe('set-before-redirect');
      expect(logged.filter((entry) => entry.level === 'error')).toHaveLength(0);
    });

    it('never answers 500 to a malformed cookie header, URL, query or Host', async () => {
      logged.length = 0;
      const cookies = [
        '%E0%A4%A',
        'latchkey.session_token=%%%; latchkey.session_data=%ZZ',
        '=; ;;=x',
        'latchkey.session_token=' + 'a'.repeat(8192),
      ];
      for (const cookie of cookies) {
        const response = await h().auth.handler(new Request(`${BASE_URL}${API}/get-session`, { headers: { cookie } }), {
          clientIp: '203.0.113.21',
        });
        expect(response.status, cookie).toBe(200);
        expect(await response.json()).toBeNull();
      }
      const malformedPath = await h().auth.handler(new Request(`${BASE_URL}${API}/ok%`));
      expect(malformedPath.status).toBe(404);
      const malformedQuery = await h().auth.handler(
        new Request(`${BASE_URL}${API}/get-session?disableCookieCache=%E0%A4%A&%%=1`),
      );
      expect(malformedQuery.status).toBe(400);
      expect((await malformedQuery.json()).message).toBe('Invalid query parameters');
      const malformedErrorPage = await h().auth.handler(new Request(`${BASE_URL}${API}/error?error=%`));
      expect(malformedErrorPage.status).toBe(200);
      const oddHost = await h().auth.handler(
        new Request(`${BASE_URL}${API}/ok`, { headers: { host: 'evil..example:99999' } }),
      );
      expect(oddHost.status).toBe(200);
      expect(logged.filter((entry) => entry.level === 'error')).toHaveLength(0);
    });

    it('answers every error as JSON with exactly {code, message}, plus details for validation errors', async () => {
      const { client } = await h().signUp();
      const responses = [
        await h().client().get('/no-such-route'),
        await h().client().get('/list-sessions'),
        await h()
          .client()
          .post('/sign-in/email', { email: uniqueEmail('nobody'), password: PASSWORD }),
        await h().client().post('/sign-up/email', {}),
        await h().client().get('/get-session?disableRefresh=sometimes'),
        await client.post('/update-user', { name: 'x' }, { origin: 'https://evil.example' }),
        await client.post('/update-user', { name: 'x' }, { origin: null }),
        await client.post('/update-user', undefined, { rawBody: 'name=x', headers: { 'content-type': 'text/plain' } }),
        await h()
          .client()
          .post('/sign-in/email', { email: uniqueEmail('cb'), password: PASSWORD, callbackURL: '//evil.example' }),
        await h().client().get('/boom'),
      ];
      for (const response of responses) {
        expect(response.status).toBeGreaterThanOrEqual(400);
        expect(response.headers.get('content-type')).toBe('application/json');
        expectErrorShape(response.body);
      }
    });

    it('answers GET /ok with {ok: true} as uncached JSON', async () => {
      const response = await h().client().get('/ok');
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ ok: true });
      expect(response.headers.get('content-type')).toBe('application/json');
      expect(response.headers.get('cache-control')).toBe('no-store');
    });

    it('renders GET /error with markup in the error value as Unknown and a link back to the application', async () => {
      const response = await h()
        .client()
        .get(`/error?error=${encodeURIComponent('<script>alert(1)</script>')}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.text).toContain('<code>Unknown</code>');
      expect(response.text).not.toContain('<script>');
      expect(response.text).toContain('href="http://localhost:3000/"');
    });

    it('sends GET /error with headers that let it run no script, load nothing and never be framed', async () => {
      const response = await h().client().get('/error?error=state_not_found');
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('script-src');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('referrer-policy')).toBe('same-origin');
    });

    it('renders quotes and ampersands in GET /error as Unknown, so the value cannot leave its element', async () => {
      const response = await h()
        .client()
        .get(`/error?error=${encodeURIComponent('"><img src=x onerror=alert(1)>&amp;')}`);
      expect(response.status).toBe(200);
      expect(response.text).not.toContain('<img');
      expect(response.text).toContain('<code>Unknown</code>');
    });

    it('renders a sentence in GET /error as Unknown: the trusted site must not say what a link wrote', async () => {
      const response = await h()
        .client()
        .get(`/error?error=${encodeURIComponent('Your account is locked. Call support at +1 555 0100')}`);
      expect(response.status).toBe(200);
      expect(response.text).toContain('<code>Unknown</code>');
      expect(response.text).not.toContain('Call support');
    });

    it('renders an unknown value that looks like a code in GET /error as it is', async () => {
      const response = await h().client().get('/error?error=account%20not%20linked');
      expect(response.text).toContain('<code>account not linked</code>');
    });

    it('renders GET /error without an error value as Unknown', async () => {
      for (const path of ['/error', '/error?error=']) {
        const response = await h().client().get(path);
        expect(response.status).toBe(200);
        expect(response.text).toContain('<code>Unknown</code>');
      }
    });

    it('renders GET /error with a value over 64 characters as Unknown', async () => {
      const exact = await h()
        .client()
        .get(`/error?error=${'x'.repeat(64)}`);
      expect(exact.text).toContain(`<code>${'x'.repeat(64)}</code>`);
      const response = await h()
        .client()
        .get(`/error?error=${'x'.repeat(65)}`);
      expect(response.status).toBe(200);
      expect(response.text).toContain('<code>Unknown</code>');
    });

    it('renders GET /error with a known code as that code', async () => {
      const response = await h().client().get('/error?error=please_restart_the_process');
      expect(response.text).toContain('<code>please_restart_the_process</code>');
    });
  },
  { plugins: [probePlugin], logger: recordingLogger },
);
