import { describe, expect, it } from 'vitest';
import { chooseMethod, queryString, splitInput } from './request-method';
import { routePath } from './route-path';

describe('request shape', () => {
  it('dashes camel-case segments into the route path', () => {
    expect(routePath(['organization', 'getFullOrganization'])).toBe('/organization/get-full-organization');
    expect(routePath(['signIn', 'email'])).toBe('/sign-in/email');
  });

  it('treats query and fetchOptions as options and every other key as the body', () => {
    expect(splitInput({ query: { id: '1' }, fetchOptions: { retry: 1 } })).toEqual({
      body: undefined,
      query: { id: '1' },
      fetchOptions: { retry: 1 },
    });
    expect(splitInput({ email: 'a@example.com', query: { x: 1 } }).body).toEqual({ email: 'a@example.com' });
  });

  it('POSTs when there is a body or the route changes state without one, else GETs', () => {
    expect(chooseMethod('/sign-in/email', { email: 'a' })).toBe('POST');
    expect(chooseMethod('/get-session', undefined)).toBe('GET');
    expect(chooseMethod('/sign-out', undefined)).toBe('POST');
    expect(chooseMethod('/get-session', undefined, 'POST')).toBe('POST');
  });

  it('writes the query string without undefined values', () => {
    expect(queryString({ a: true, b: undefined, c: ['x', 'y'] })).toBe('?a=true&c=x&c=y');
    expect(queryString({})).toBe('');
  });
});
