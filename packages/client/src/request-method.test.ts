import { describe, expect, it } from 'vitest';
import { chooseMethod, queryString, splitInput } from './request-method';

describe('request shape', () => {
  it('treats query and fetchOptions as options and every other key as the body', () => {
    expect(splitInput({ query: { id: '1' }, fetchOptions: { retry: 1 } })).toEqual({
      body: undefined,
      query: { id: '1' },
      fetchOptions: { retry: 1 },
    });
    expect(splitInput({ email: 'a@example.com', query: { x: 1 } }).body).toEqual({ email: 'a@example.com' });
  });

  it("uses a declared route's method, else POSTs a body and GETs without one; an override wins", () => {
    expect(chooseMethod('POST', undefined)).toBe('POST');
    expect(chooseMethod('GET', undefined)).toBe('GET');
    expect(chooseMethod(undefined, { email: 'a' })).toBe('POST');
    expect(chooseMethod(undefined, undefined)).toBe('GET');
    expect(chooseMethod('GET', undefined, 'POST')).toBe('POST');
  });

  it('writes the query string without undefined values', () => {
    expect(queryString({ a: true, b: undefined, c: ['x', 'y'] })).toBe('?a=true&c=x&c=y');
    expect(queryString({})).toBe('');
  });
});
