import { describe, expect, it } from 'vitest';
import { RequestCookies } from './cookies';

describe('reading a request cookie', () => {
  it('finds the named cookie among others, with spaces or tabs around the pairs', () => {
    const cookies = new RequestCookies(' a=1;\tlatchkey.session_token = tok.sig ;b=2');
    expect(cookies.get('latchkey.session_token')).toBe('tok.sig');
    expect(cookies.get('a')).toBe('1');
    expect(cookies.get('b')).toBe('2');
  });

  it('never takes a cookie whose name merely starts or ends with the one asked for', () => {
    const cookies = new RequestCookies(
      'latchkey.session_token_old=1; xlatchkey.session_token=2; latchkey.session_token=3',
    );
    expect(cookies.get('latchkey.session_token')).toBe('3');
  });

  it('takes the first of two cookies with the same name, as Hono and browsers order them', () => {
    expect(new RequestCookies('n=first; n=second').get('n')).toBe('first');
  });

  it('undoes URL-encoding and quotes, and leaves a malformed escape as sent', () => {
    const cookies = new RequestCookies('signed=abc.d%2Fe%3D; quoted="v"; broken=%E0%A4%A');
    expect(cookies.get('signed')).toBe('abc.d/e=');
    expect(cookies.get('quoted')).toBe('v');
    expect(cookies.get('broken')).toBe('%E0%A4%A');
  });

  it('answers undefined for a cookie that is absent, or a header that is empty or missing', () => {
    expect(new RequestCookies('a=1').get('b')).toBeUndefined();
    expect(new RequestCookies('a').get('a')).toBeUndefined();
    expect(new RequestCookies('').get('a')).toBeUndefined();
    expect(new RequestCookies(null).get('a')).toBeUndefined();
  });
});
