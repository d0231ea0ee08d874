import { describe, expect, it } from 'vitest';
import type { AuthContext } from '../auth/context';
import { collectExtraFields } from '../db/extra-fields';
import { signValue, unsignValue } from '../crypto/hmac';
import type { Session, User } from '../db/records';
import { RequestCookies, ResponseCookies } from '../http/cookies';
import { resolveOptions, type AuthOptions } from '../auth/options';
import { sha256Hex } from '../crypto/digest';
import { cachedCurrentSession, readCookieCache, setCookieCache } from './cookie-cache';
import { clearSessionCookies, cookieNames, readDontRemember, setSessionTokenCookie } from './session-cookies';

const SECRET = 'unit-secret-unit-secret-unit-secret-0000';
const START = Date.UTC(2026, 0, 1, 12);

interface Parsed {
  value: string;
  attributes: Record<string, string | true>;
}

function context(overrides: Partial<AuthOptions> = {}) {
  let now = START;
  const warnings: object[] = [];
  const auth = {
    options: resolveOptions({
      baseURL: 'http://localhost:3000',
      secret: SECRET,
      database: { url: ':memory:' },
      ...overrides,
    }),
    now: () => new Date(now),
    logger: { info() {}, warn: (obj: object) => warnings.push(obj), error() {} },
    fields: collectExtraFields([]),
  } as unknown as AuthContext;
  return { auth, warnings, advance: (seconds: number) => (now += seconds * 1000) };
}

/** The Set-Cookie headers a response would carry, by cookie name, with lower-cased attribute keys. */
function parse(cookies: ResponseCookies): Map<string, Parsed> {
  const out = new Map<string, Parsed>();
  for (const header of cookies.headers) {
    const [pair = '', ...attrs] = header.split(';').map((s) => s.trim());
    const attributes: Record<string, string | true> = {};
    for (const attr of attrs) {
      const i = attr.indexOf('=');
      if (i === -1) attributes[attr.toLowerCase()] = true;
      else attributes[attr.slice(0, i).toLowerCase()] = attr.slice(i + 1);
    }
    const eq = pair.indexOf('=');
    out.set(pair.slice(0, eq), { value: decodeURIComponent(pair.slice(eq + 1)), attributes });
  }
  return out;
}

/** What a browser would send back after receiving these Set-Cookie headers. */
const TOKEN = 'tokentokentokentokentokentoken12';

function sendBack(cookies: ResponseCookies): RequestCookies {
  return new RequestCookies([...cookies.headers].map((header) => header.split(';', 1)[0]).join('; '));
}

function sampleUser(overrides: Partial<User> = {}): User {
  return {
    id: 'user-1',
    name: 'Ada',
    email: 'ada@example.com',
    emailVerified: false,
    image: null,
    language: null,
    createdAt: new Date(START - 1000),
    updatedAt: new Date(START - 1000),
    ...overrides,
  };
}

function sampleSession(overrides: Partial<Session> = {}): Session {
  return {
    id: 'session-1',
    token: 'f'.repeat(64),
    userId: 'user-1',
    expiresAt: new Date(START + 7 * 86400 * 1000),
    createdAt: new Date(START),
    updatedAt: new Date(START),
    ipAddress: '203.0.113.1',
    userAgent: 'unit-test',
    ...overrides,
  };
}

describe('session cookie names', () => {
  it('are latchkey.session_token, latchkey.session_data and latchkey.dont_remember on an http base URL', () => {
    expect(cookieNames(context().auth.options)).toEqual({
      sessionToken: 'latchkey.session_token',
      sessionData: 'latchkey.session_data',
      dontRemember: 'latchkey.dont_remember',
    });
  });

  it('carry the __Secure- prefix when the base URL is https', () => {
    expect(cookieNames(context({ baseURL: 'https://auth.example.com' }).auth.options)).toEqual({
      sessionToken: '__Secure-latchkey.session_token',
      sessionData: '__Secure-latchkey.session_data',
      dontRemember: '__Secure-latchkey.dont_remember',
    });
  });

  it('follow a configured cookie prefix', () => {
    expect(cookieNames(context({ advanced: { cookiePrefix: 'acme' } }).auth.options).sessionToken).toBe(
      'acme.session_token',
    );
  });
});

describe('the session token cookie', () => {
  it('is signed, HttpOnly, SameSite=Lax, Path=/ and lives as long as the session, without Secure on http', () => {
    const { auth } = context();
    const cookies = new ResponseCookies();
    setSessionTokenCookie(auth, cookies, 'raw-token', false);
    const token = parse(cookies).get('latchkey.session_token')!;
    expect(unsignValue(token.value, SECRET)).toBe('raw-token');
    expect(token.attributes).toEqual({ 'max-age': '604800', path: '/', httponly: true, samesite: 'Lax' });
  });

  it('is Secure when the base URL is https', () => {
    const { auth } = context({ baseURL: 'https://auth.example.com' });
    const cookies = new ResponseCookies();
    setSessionTokenCookie(auth, cookies, 'raw-token', false);
    expect(parse(cookies).get('__Secure-latchkey.session_token')!.attributes.secure).toBe(true);
  });

  it('caps Max-Age at 400 days when the session lives longer', () => {
    const { auth } = context({ session: { expiresIn: 500 * 86400 } });
    const cookies = new ResponseCookies();
    setSessionTokenCookie(auth, cookies, 'raw-token', false);
    expect(parse(cookies).get('latchkey.session_token')!.attributes['max-age']).toBe('34560000');
  });

  it('has no Max-Age without remember-me, and comes with a signed dont_remember marker', () => {
    const { auth } = context();
    const cookies = new ResponseCookies();
    setSessionTokenCookie(auth, cookies, 'raw-token', true);
    const parsed = parse(cookies);
    expect(parsed.get('latchkey.session_token')!.attributes['max-age']).toBeUndefined();
    const marker = parsed.get('latchkey.dont_remember')!;
    expect(unsignValue(marker.value, SECRET)).toBe('true');
    expect(marker.attributes).toEqual({ path: '/', httponly: true, samesite: 'Lax' });
    expect(readDontRemember(auth, sendBack(cookies))).toBe(true);
  });

  it('clears an earlier dont_remember marker when the session is remembered', () => {
    const { auth } = context();
    const cookies = new ResponseCookies();
    setSessionTokenCookie(auth, cookies, 'raw-token', false);
    expect(parse(cookies).get('latchkey.dont_remember')).toEqual({
      value: '',
      attributes: { 'max-age': '0', path: '/', httponly: true, samesite: 'Lax' },
    });
  });

  it('does not count an unsigned or forged dont_remember marker', () => {
    const { auth } = context();
    expect(readDontRemember(auth, new RequestCookies('latchkey.dont_remember=true'))).toBe(false);
    const forged = encodeURIComponent(signValue('true', 'another-secret-another-secret-another-1'));
    expect(readDontRemember(auth, new RequestCookies(`latchkey.dont_remember=${forged}`))).toBe(false);
  });
});

describe('the cookie cache', () => {
  it('is a signed, HttpOnly cookie living 60 seconds from which session and user are read back with real dates', () => {
    const { auth } = context();
    const cookies = new ResponseCookies();
    const session = sampleSession();
    const user = sampleUser();
    setCookieCache(auth, cookies, TOKEN, session, user);
    const cache = parse(cookies).get('latchkey.session_data')!;
    expect(cache.attributes).toEqual({ 'max-age': '60', path: '/', httponly: true, samesite: 'Lax' });
    const cached = readCookieCache(auth, sendBack(cookies), TOKEN)!;
    expect(cached).toMatchObject({
      issuedAt: auth.now().getTime(),
      sessionExpiresAt: session.expiresAt.getTime(),
      userId: user.id,
    });
    // As a session read from the database: its token is the digest of the one in the cookie.
    const current = cachedCurrentSession(auth, TOKEN, cached);
    expect(current.session).toEqual({ ...session, token: sha256Hex(TOKEN) });
    expect(current.user).toEqual(user);
    // Bound to the token it was issued with: beside another token it vouches for nothing.
    expect(readCookieCache(auth, sendBack(cookies), 'another-token')).toBeNull();
  });

  it('is no longer read once its 60 seconds have passed on the server clock', () => {
    const { auth, advance } = context();
    const cookies = new ResponseCookies();
    setCookieCache(auth, cookies, TOKEN, sampleSession(), sampleUser());
    advance(59);
    expect(readCookieCache(auth, sendBack(cookies), TOKEN)).not.toBeNull();
    advance(2);
    expect(readCookieCache(auth, sendBack(cookies), TOKEN)).toBeNull();
  });

  it('follows a configured cache max age', () => {
    const { auth, advance } = context({ session: { cookieCache: { maxAge: 300 } } });
    const cookies = new ResponseCookies();
    setCookieCache(auth, cookies, TOKEN, sampleSession(), sampleUser());
    expect(parse(cookies).get('latchkey.session_data')!.attributes['max-age']).toBe('300');
    advance(299);
    expect(readCookieCache(auth, sendBack(cookies), TOKEN)).not.toBeNull();
  });

  it('ignores a cache whose payload was altered, or that another secret signed', () => {
    const { auth } = context();
    const cookies = new ResponseCookies();
    setCookieCache(auth, cookies, TOKEN, sampleSession(), sampleUser());
    const signed = parse(cookies).get('latchkey.session_data')!.value;
    const parts = signed.split('.');
    const answer = Buffer.from(parts[3]!, 'base64url').toString().replace('Ada', 'Eve');
    parts[3] = Buffer.from(answer).toString('base64url');
    const forgedBySignature = parts.join('.');
    const altered = parts.slice(0, -1).join('.');
    const forgedBySecret = signValue(altered, 'another-secret-another-secret-another-1');
    for (const value of [forgedBySignature, forgedBySecret, 'garbage', signValue('not base64 json', SECRET)]) {
      expect(
        readCookieCache(auth, new RequestCookies(`latchkey.session_data=${encodeURIComponent(value)}`), TOKEN),
      ).toBeNull();
    }
  });

  /** A cache of the longest user agent, image and name the engine stores: past the 4093-character limit. */
  function setOversizedCache(auth: AuthContext, cookies: ResponseCookies): void {
    const session = sampleSession({ userAgent: 'u'.repeat(512) });
    const user = sampleUser({ image: 'https://img.example/' + 'i'.repeat(2000), name: 'n'.repeat(256) });
    setCookieCache(auth, cookies, TOKEN, session, user);
  }

  it('is not set when it would exceed 4093 characters, and a warning is logged', () => {
    const { auth, warnings } = context();
    const cookies = new ResponseCookies();
    setOversizedCache(auth, cookies);
    const cache = parse(cookies).get('latchkey.session_data');
    expect(cache?.value ?? '').toBe('');
    expect(warnings).toHaveLength(1);
  });

  it('that is too large replaces an earlier cache set in the same response with a deletion', () => {
    const { auth } = context();
    const cookies = new ResponseCookies();
    setCookieCache(auth, cookies, TOKEN, sampleSession(), sampleUser());
    setOversizedCache(auth, cookies);
    expect(parse(cookies).get('latchkey.session_data')).toEqual({
      value: '',
      attributes: { 'max-age': '0', path: '/', httponly: true, samesite: 'Lax' },
    });
  });

  it('never sends a cookie value longer than 4093 characters, whatever the size of the user', () => {
    const { auth } = context();
    let set = 0;
    let tried = 0;
    for (let length = 1950; length <= 2150; length += 1) {
      tried += 1;
      const cookies = new ResponseCookies();
      setCookieCache(
        auth,
        cookies,
        TOKEN,
        sampleSession({ userAgent: 'u'.repeat(512) }),
        sampleUser({ image: 'i'.repeat(length) }),
      );
      const header = [...cookies.headers][0]!;
      const sent = header.slice(header.indexOf('=') + 1, header.indexOf(';'));
      if (sent.length > 0) set += 1;
      expect(sent.length).toBeLessThanOrEqual(4093);
    }
    // The range straddles the limit: some of these caches are set, the larger ones are not.
    expect(set).toBeGreaterThan(0);
    expect(set).toBeLessThan(tried);
  });
});

describe('clearing the session cookies', () => {
  const NAMES = ['latchkey.dont_remember', 'latchkey.session_data', 'latchkey.session_token'];

  /** The cookies `clearSessionCookies` sends for an auth with these options, by name. */
  function cleared(overrides: Partial<AuthOptions> = {}): Map<string, Parsed> {
    const { auth } = context(overrides);
    const cookies = new ResponseCookies();
    clearSessionCookies(auth, cookies);
    return parse(cookies);
  }

  it('expires the token, the cache and the dont_remember marker with Max-Age=0', () => {
    const parsed = cleared();
    expect([...parsed.keys()].sort()).toEqual(NAMES);
    for (const cookie of parsed.values()) {
      expect(cookie).toEqual({ value: '', attributes: { 'max-age': '0', path: '/', httponly: true, samesite: 'Lax' } });
    }
  });

  it('keeps the __Secure- names and the Secure attribute on https, so the browser accepts the deletion', () => {
    const parsed = cleared({ baseURL: 'https://auth.example.com' });
    expect([...parsed.keys()].sort()).toEqual(NAMES.map((name) => `__Secure-${name}`));
    for (const cookie of parsed.values()) expect(cookie.attributes).toMatchObject({ 'max-age': '0', secure: true });
  });
});
