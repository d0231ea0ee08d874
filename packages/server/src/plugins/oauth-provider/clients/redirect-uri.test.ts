/**
 * The redirect URI rules, one case per rule, for web and native clients.
 */
import { describe, expect, it } from 'vitest';
import { redirectUriRefusal } from './redirect-uri';

describe('redirectUriRefusal', () => {
  it.each([
    ['https://app.example.com/callback', 'web'],
    ['https://app.example.com/callback?tenant=1', 'web'],
    ['http://localhost:8080/callback', 'web'],
    ['http://127.0.0.1/callback', 'web'],
    ['http://[::1]:4000/callback', 'web'],
    ['https://app.example.com/callback', 'native'],
    ['http://127.0.0.1:53412/callback', 'native'],
    ['http://localhost/cb', 'native'],
    ['com.example.app:/oauth2redirect', 'native'],
    ['com.example.app:callback', 'native'],
  ] as const)('accepts %s for a %s client', (uri, type) => {
    expect(redirectUriRefusal(uri, type)).toBeNull();
  });

  it.each([
    ['not a uri', 'web', 'absolute URI'],
    ['/relative/callback', 'web', 'absolute URI'],
    ['https://app.example.com/callback#fragment', 'web', 'fragment'],
    ['https://app.example.com/callback#', 'web', 'fragment'],
    ['https://user:pass@app.example.com/callback', 'web', 'credentials'],
    ['https://user@app.example.com/callback', 'native', 'credentials'],
    ['https://*.example.com/callback', 'web', 'wildcards'],
    ['https://app.example.com/*', 'native', 'wildcards'],
    ['javascript:alert(1)', 'web', 'scheme is not allowed'],
    ['javascript:alert(1)', 'native', 'scheme is not allowed'],
    ['data:text/html,hi', 'native', 'scheme is not allowed'],
    ['file:///etc/passwd', 'native', 'scheme is not allowed'],
    ['http://app.example.com/callback', 'web', 'must use https'],
    ['http://app.example.com/callback', 'native', 'must use https'],
    // The URL parser would read these as loopback; RFC 8252 names the loopback exactly.
    ['http://127.1/callback', 'native', 'must use https'],
    ['http://localhost./callback', 'web', 'must use https'],
    ['http://localhost.evil.com/callback', 'web', 'must use https'],
    ['https://localhost/callback', 'web', 'loopback'],
    ['https://127.0.0.1:8443/callback', 'native', 'loopback'],
    ['com.example.app:/callback', 'web', 'web clients require https'],
    ['myapp:/callback', 'native', 'reverse-domain'],
    ['com.example.app://callback', 'native', 'reverse-domain'],
  ] as const)('refuses %s for a %s client', (uri, type, reason) => {
    expect(redirectUriRefusal(uri, type)).toContain(reason);
  });
});
